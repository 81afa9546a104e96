/** A strict reader of one JSON record a line: no duplicate keys, no nesting deeper than allowed, numbers kept as the digits given. */

/** A JSON number, kept as its text (so ids past 2^53 keep every digit). */
export interface JsonNumber {
  number: string;
}

export type Cell = string | JsonNumber | boolean | null | Cell[] | { [key: string]: Cell };

/** Parses `text` as one JSON object at most `depth` levels deep (1: flat); throws an Error saying what is wrong and where. */
export function parseRecord(text: string, depth: number): Record<string, Cell> {
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at column ${at + 1}`);
  };
  const space = () => {
    while (at < text.length && ' \t\r\n'.includes(text[at]!)) at++;
  };
  const value = (level: number, key: string): Cell => {
    space();
    const c = text[at];
    if (c === '{' || c === '[') {
      if (level >= depth) fail(`"${key}" holds ${c === '{' ? 'an object' : 'an array'}; a record here is flat`);
      return c === '{' ? object(level + 1) : array(level + 1, key);
    }
    if (c === '"') return string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at, at + 400));
    if (!literal) return fail('not a JSON value');
    at += literal[0].length;
    const word = literal[0];
    return word === 'true' ? true : word === 'false' ? false : word === 'null' ? null : { number: word };
  };
  const string = (): string => {
    const match = /^"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/.exec(text.slice(at));
    if (!match) return fail('a string is not closed or holds a control character');
    at += match[0].length;
    return JSON.parse(match[0]) as string;
  };
  const array = (level: number, key: string): Cell[] => {
    const out: Cell[] = [];
    at++;
    space();
    if (text[at] === ']') return (at++, out);
    for (;;) {
      out.push(value(level, key));
      space();
      if (text[at] === ',') at++;
      else if (text[at] === ']') return (at++, out);
      else return fail('expected , or ]');
    }
  };
  const object = (level: number): Record<string, Cell> => {
    const out: Record<string, Cell> = Object.create(null) as Record<string, Cell>;
    at++;
    space();
    if (text[at] === '}') return (at++, out);
    for (;;) {
      space();
      if (text[at] !== '"') fail('expected a key in double quotes');
      const key = string();
      if (Object.prototype.hasOwnProperty.call(out, key)) fail(`key "${key}" appears twice`);
      space();
      if (text[at] !== ':') fail('expected :');
      at++;
      out[key] = value(level, key);
      space();
      if (text[at] === ',') at++;
      else if (text[at] === '}') return (at++, out);
      else fail('expected , or }');
    }
  };
  space();
  if (text[at] !== '{') fail('not a JSON object');
  const record = object(1);
  space();
  if (at < text.length) fail('text after the object');
  return record;
}
