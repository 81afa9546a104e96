/** A strict reader of one JSON record a line: no duplicate keys, no nesting deeper than allowed, numbers kept as the digits given. */

/** A JSON number, kept as its text (so ids past 2^53 keep every digit). */
export interface JsonNumber {
  number: string;
}

export type Cell = string | JsonNumber | boolean | null | Cell[] | { [key: string]: Cell };

/** Parses `text` as one JSON object at most `depth` levels deep (1: flat); throws an Error saying what is wrong and where. */
export function parseRecord(text: string, depth: number): Record<string, Cell> {
  return new RecordReader(text, depth).record();
}

/** A reader of one record: `at` is where it has read to. */
class RecordReader {
  private at = 0;

  constructor(
    private readonly text: string,
    private readonly depth: number,
  ) {}

  /** The whole text as one object, with nothing after it. */
  record(): Record<string, Cell> {
    this.space();
    if (this.text[this.at] !== '{') this.fail('not a JSON object');
    const record = this.object(1);
    this.space();
    if (this.at < this.text.length) this.fail('text after the object');
    return record;
  }

  private fail(what: string): never {
    throw new Error(`${what} at column ${this.at + 1}`);
  }

  private space(): void {
    while (this.at < this.text.length && ' \t\r\n'.includes(this.text[this.at]!)) this.at++;
  }

  private value(level: number, key: string): Cell {
    this.space();
    const c = this.text[this.at];
    if (c === '{' || c === '[') {
      if (level >= this.depth)
        this.fail(`"${key}" holds ${c === '{' ? 'an object' : 'an array'}; a record here is flat`);
      return c === '{' ? this.object(level + 1) : this.array(level + 1, key);
    }
    if (c === '"') return this.string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      this.text.slice(this.at, this.at + 400),
    );
    if (!literal) return this.fail('not a JSON value');
    this.at += literal[0].length;
    const word = literal[0];
    return word === 'true' ? true : word === 'false' ? false : word === 'null' ? null : { number: word };
  }

  private string(): string {
    const match = /^"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/.exec(this.text.slice(this.at));
    if (!match) return this.fail('a string is not closed or holds a control character');
    this.at += match[0].length;
    return JSON.parse(match[0]) as string;
  }

  private array(level: number, key: string): Cell[] {
    const out: Cell[] = [];
    this.at++;
    this.space();
    if (this.text[this.at] === ']') return (this.at++, out);
    for (;;) {
      out.push(this.value(level, key));
      this.space();
      if (this.text[this.at] === ',') this.at++;
      else if (this.text[this.at] === ']') return (this.at++, out);
      else return this.fail('expected , or ]');
    }
  }

  private object(level: number): Record<string, Cell> {
    const out: Record<string, Cell> = Object.create(null) as Record<string, Cell>;
    this.at++;
    this.space();
    if (this.text[this.at] === '}') return (this.at++, out);
    for (;;) {
      this.space();
      if (this.text[this.at] !== '"') this.fail('expected a key in double quotes');
      const key = this.string();
      if (Object.prototype.hasOwnProperty.call(out, key)) this.fail(`key "${key}" appears twice`);
      this.space();
      if (this.text[this.at] !== ':') this.fail('expected :');
      this.at++;
      out[key] = this.value(level, key);
      this.space();
      if (this.text[this.at] === ',') this.at++;
      else if (this.text[this.at] === '}') return (this.at++, out);
      else this.fail('expected , or }');
    }
  }
}
