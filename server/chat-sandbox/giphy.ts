/**
 * The sandbox's local stand-in for GIPHY (chat-protocol.md §4.3, slash commands): six small
 * animated GIFs drawn in code and encoded by sharp when this module loads, picked
 * deterministically from the query, served by routes/giphy.ts, and the `giphy` attachment the
 * `/giphy` command answers with.
 */
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';

type Rgb = [number, number, number];
/** Palette index of a pixel at (u, v) ∈ [0, 1)² in frame `t` ∈ [0, 1). */
type Painter = (u: number, v: number, t: number) => number;

const PALETTE: Rgb[] = [
  [250, 250, 245], // 0 paper
  [32, 33, 36], // 1 ink
  [0, 95, 204], // 2 blue
  [120, 190, 255], // 3 sky
  [255, 196, 0], // 4 yellow
  [255, 120, 0], // 5 orange
  [220, 40, 60], // 6 red
  [0, 160, 90], // 7 green
  [150, 220, 120], // 8 light green
  [120, 60, 200], // 9 purple
  [200, 170, 255], // 10 lilac
  [255, 150, 200], // 11 pink
  [120, 80, 40], // 12 brown
  [180, 180, 180], // 13 grey
  [0, 60, 90], // 14 night
  [255, 255, 255], // 15 white
];

const FRAMES = 6;

const PAINTERS: { name: string; paint: Painter }[] = [
  {
    name: 'bouncing-ball',
    paint: (u, v, t) => {
      const x = 0.15 + 0.7 * t;
      const y = 0.75 - 0.55 * Math.sin(Math.PI * t);
      if (v > 0.88) return 7;
      return (u - x) ** 2 * 1.7 + (v - y) ** 2 < 0.012 ? 6 : 3;
    },
  },
  {
    name: 'stripes',
    paint: (u, v, t) => [9, 10, 11, 4][Math.floor((u + v + t) * 6) % 4]!,
  },
  {
    name: 'checkers',
    paint: (u, v, t) => ((Math.floor(u * 8 + t * 2) + Math.floor(v * 6)) % 2 === 0 ? 1 : 4),
  },
  {
    name: 'ripples',
    paint: (u, v, t) => {
      const r = Math.hypot((u - 0.5) * 1.3, v - 0.5);
      return [2, 3, 15][Math.floor(r * 12 - t * 3 + 30) % 3]!;
    },
  },
  {
    name: 'sunrise',
    paint: (u, v, t) => {
      if (v > 0.7) return 12;
      const sunY = 0.8 - 0.5 * t;
      if ((u - 0.5) ** 2 * 1.7 + (v - sunY) ** 2 < 0.025) return 4;
      return v < 0.35 ? (t < 0.5 ? 14 : 3) : 5;
    },
  },
  {
    name: 'spinner',
    paint: (u, v, t) => {
      const dx = (u - 0.5) * 1.3;
      const dy = v - 0.5;
      const r = Math.hypot(dx, dy);
      if (r > 0.38 || r < 0.18) return 0;
      const angle = (Math.atan2(dy, dx) / (2 * Math.PI) + 1 - t) % 1;
      return angle < 0.3 ? 7 : angle < 0.6 ? 8 : 13;
    },
  },
];

/** Sizes of the renditions (GIPHY's fixed_height is 200 px high, fixed_width 200 px wide). */
const LARGE = { width: 260, height: 200 };
const SMALL = { width: 200, height: 154 };

export interface GifRendition {
  url: string;
  width: string;
  height: string;
  size: string;
  frames: string;
}

interface GifFile {
  data: Buffer;
  width: number;
  height: number;
  frames: number;
}

/** Delay between frames, in milliseconds. */
const DELAY_MS = 120;

/** The frames of a painter as RGB pixels, stacked top to bottom. */
function paintFrames(paint: Painter, width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * FRAMES * 3);
  let at = 0;
  for (let f = 0; f < FRAMES; f++) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const [red, green, blue] = PALETTE[paint(x / width, y / height, f / FRAMES)]!;
        pixels[at++] = red;
        pixels[at++] = green;
        pixels[at++] = blue;
      }
    }
  }
  return pixels;
}

/** The first `frames` frames of `pixels` as a GIF: looping when there are several, else a still. */
async function encode(pixels: Buffer, width: number, height: number, frames: number): Promise<GifFile> {
  const animation = frames > 1 ? { loop: 0, delay: Array<number>(frames).fill(DELAY_MS) } : {};
  const data = await sharp(pixels.subarray(0, width * height * frames * 3), {
    raw: { width, height: height * frames, channels: 3, pageHeight: height },
  })
    // The palette is small and exact: no dithering, every frame kept.
    .gif({ colours: PALETTE.length, dither: 0, keepDuplicateFrames: true, ...animation })
    .toBuffer();
  return { data, width, height, frames };
}

/** Every file of the set by name (`<gif>.gif`, `<gif>-still.gif`, `<gif>-w.gif`, `<gif>-w-still.gif`). */
async function drawSet(): Promise<Map<string, GifFile>> {
  const files = new Map<string, GifFile>();
  const renditions = [
    ['', LARGE],
    ['-w', SMALL],
  ] as const;
  await Promise.all(
    PAINTERS.flatMap(({ name, paint }) =>
      renditions.flatMap(([suffix, { width, height }]) => {
        const pixels = paintFrames(paint, width, height);
        return [
          encode(pixels, width, height, FRAMES).then((file) => files.set(`${name}${suffix}.gif`, file)),
          encode(pixels, width, height, 1).then((file) => files.set(`${name}${suffix}-still.gif`, file)),
        ];
      }),
    ),
  );
  return files;
}

/** Drawn once, when this module loads, so that attachments can give each file's size. */
const drawn = await drawSet();

/** A file of the set by name, or undefined. */
export function giphyFile(file: string): GifFile | undefined {
  return drawn.get(file);
}

export const GIPHY_COUNT = PAINTERS.length;

/** A stable index into the set for a query (FNV-1a of the lower-cased query). */
export function giphyIndexFor(query: string): number {
  let hash = 0x811c9dc5;
  for (const char of query.trim().toLowerCase()) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % GIPHY_COUNT;
}

/**
 * The sandbox's public base URL (`http(s)://host/chat`) as the requesting client sees it; the
 * client drops attachments whose URLs are not absolute http(s).
 */
export function sandboxBaseUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}/chat`;
}

/** The `giphy` attachment for gif `index` of the set (with the Send/Shuffle/Cancel buttons or not). */
export function giphyAttachment(
  query: string,
  index: number,
  baseUrl: string,
  withActions: boolean,
): Record<string, unknown> {
  const name = PAINTERS[((index % GIPHY_COUNT) + GIPHY_COUNT) % GIPHY_COUNT]!.name;
  const rendition = (file: string): GifRendition => {
    const meta = giphyFile(file)!;
    return {
      url: `${baseUrl}/giphy/${file}`,
      width: String(meta.width),
      height: String(meta.height),
      size: String(meta.data.length),
      frames: String(meta.frames),
    };
  };
  const original = rendition(`${name}.gif`);
  const attachment: Record<string, unknown> = {
    type: 'giphy',
    title: query,
    title_link: original.url,
    thumb_url: original.url,
    image_url: original.url,
    giphy: {
      original,
      fixed_height: original,
      fixed_height_still: rendition(`${name}-still.gif`),
      fixed_height_downsampled: original,
      fixed_width: rendition(`${name}-w.gif`),
      fixed_width_still: rendition(`${name}-w-still.gif`),
      fixed_width_downsampled: rendition(`${name}-w.gif`),
    },
  };
  if (withActions) {
    attachment.actions = [
      { name: 'image_action', text: 'Send', style: 'primary', type: 'button', value: 'send' },
      { name: 'image_action', text: 'Shuffle', style: 'default', type: 'button', value: 'shuffle' },
      { name: 'image_action', text: 'Cancel', style: 'default', type: 'button', value: 'cancel' },
    ];
  }
  return attachment;
}
