/** A JSON body's nesting, measured before it is parsed: the checks that walk a parsed body recurse. */

/** How deep a JSON body may nest; no API body comes near it. */
export const MAX_DEPTH = 64;

/** Whether JSON text opens more than `limit` arrays or objects at once (brackets inside strings do not count). */
export function nestsDeeper(text: string, limit = MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
