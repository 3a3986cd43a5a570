/**
 * An append-only list of integers in a typed array that doubles when full. Building an index of a million names in
 * plain arrays held several times the final typed arrays' memory (eight bytes an element, and the copies left as
 * they grew), memory the runtime keeps once it has grown.
 */
type IntArray = Int32Array | Int8Array | Uint8Array | Uint16Array;

export class TypedList<T extends IntArray> {
  private data: T;
  length = 0;

  constructor(private readonly make: (length: number) => T) {
    this.data = make(1024);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = this.make(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  /** The values, in an array of their own length. */
  toArray(): T {
    return this.data.slice(0, this.length) as T;
  }
}
