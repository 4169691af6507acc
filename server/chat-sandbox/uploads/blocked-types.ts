/**
 * File types the sandbox refuses as chat uploads, on both endpoints (/file and /image).
 *
 * The hosted service blocks nothing by default: its upload docs say it "will not block any file
 * types from uploading" and "will allow any file extension", leaving restrictions to each app's
 * Upload Configuration (dashboard or UpdateAppSettings). This list is therefore Sideline's own
 * configuration, the one to set on the hosted app too: programs, installers, scripts and
 * shortcuts that run when opened, after Outlook's blocked-attachment list, plus their Unix,
 * macOS, Java and Android counterparts (docs/chat-sandbox.md, "Uploads").
 *
 * Extensions are matched on the end of the name as the operating system will see it
 * (file-names.ts `nameForMatching`): no override character, invisible character, full-width
 * letter or trailing dot hides one.
 */
import { nameForMatching } from './file-names.js';

export const BLOCKED_EXTENSIONS: readonly string[] = [
  // Windows programs, libraries and installers
  '.exe',
  '.com',
  '.scr',
  '.pif',
  '.cpl',
  '.dll',
  '.ocx',
  '.msi',
  '.msp',
  '.mst',
  '.msix',
  '.msixbundle',
  '.appx',
  '.appxbundle',
  '.appinstaller',
  '.application',
  '.gadget',
  // Windows scripts and script hosts
  '.bat',
  '.cmd',
  '.vb',
  '.vbs',
  '.vbe',
  '.js',
  '.jse',
  '.ws',
  '.wsf',
  '.wsc',
  '.wsh',
  '.hta',
  '.ps1',
  '.ps1xml',
  '.ps2',
  '.ps2xml',
  '.psc1',
  '.psc2',
  '.psd1',
  '.psm1',
  '.msh',
  '.msc',
  '.reg',
  '.inf',
  '.scf',
  '.sct',
  '.chm',
  '.hlp',
  // Shortcuts and disk images that open or mount on a double click
  '.lnk',
  '.url',
  '.settingcontent-ms',
  '.library-ms',
  '.iso',
  '.img',
  '.vhd',
  '.vhdx',
  // Unix and macOS
  '.sh',
  '.bash',
  '.csh',
  '.ksh',
  '.zsh',
  '.command',
  '.run',
  '.app',
  '.pkg',
  '.dmg',
  '.deb',
  '.rpm',
  // Java and Android
  '.jar',
  '.jnlp',
  '.apk',
  '.xapk',
  '.aab',
];

/** The blocked extension `name` ends in (`.exe`), or null. */
export function blockedExtensionOf(name: string): string | null {
  const matched = nameForMatching(name);
  return BLOCKED_EXTENSIONS.find((extension) => matched.endsWith(extension)) ?? null;
}
