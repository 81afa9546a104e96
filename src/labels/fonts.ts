/** The label fonts: Noto Sans (Latin, Greek, Cyrillic) regular and bold, embedded as subsets in label PDFs. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const PACKAGE = '@expo-google-fonts/noto-sans';
const FILES = { regular: '400Regular/NotoSans_400Regular.ttf', bold: '700Bold/NotoSans_700Bold.ttf' } as const;

export type Weight = keyof typeof FILES;

/** Names the fonts are registered under in a document. */
export const FONT = { regular: 'Label', bold: 'Label-Bold' } as const;

/**
 * The font file of `weight`: dist/fonts/ in the built CLI (the build copies it there, because an installed
 * inv has no devDependencies), else the font package itself (the sources, as tests run them).
 */
export function fontFile(weight: Weight): string {
  const base = FILES[weight].split('/')[1]!;
  for (const dir of ['../fonts/', './fonts/']) {
    const url = new URL(dir + base, import.meta.url);
    if (existsSync(url)) return fileURLToPath(url);
  }
  return createRequire(import.meta.url).resolve(`${PACKAGE}/${FILES[weight]}`);
}
