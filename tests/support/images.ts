/** Small but complete images of each accepted type, made in code, for upload tests. */
import { solidPng } from './image-samples.js';

export const png = (): Buffer => solidPng(32, 32, [42, 122, 226]);

export const jpeg = (): Buffer =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    Buffer.from([0xff, 0xd9]),
  ]);

export const gif = (): Buffer => Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

export function webp(): Buffer {
  const chunk = Buffer.concat([
    Buffer.from('VP8L', 'latin1'),
    Buffer.from([5, 0, 0, 0]),
    Buffer.from([0x2f, 0, 0, 0, 0, 0]),
  ]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, Buffer.from('WEBP', 'latin1'), chunk]);
}

export function form(field: string, data: Buffer, filename = 'avatar.png', type = 'image/png'): FormData {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  return body;
}
