/** Binary min-heap of vertex ids keyed by float priority; duplicates allowed (lazy decrease-key). */
export class MinHeap {
  private keys: Float64Array;
  private ids: Int32Array;
  size = 0;

  constructor(capacity = 1024) {
    this.keys = new Float64Array(capacity);
    this.ids = new Int32Array(capacity);
  }

  clear(): void {
    this.size = 0;
  }

  push(id: number, key: number): void {
    if (this.size === this.keys.length) {
      const k = new Float64Array(this.size * 2);
      const i = new Int32Array(this.size * 2);
      k.set(this.keys);
      i.set(this.ids);
      this.keys = k;
      this.ids = i;
    }
    let pos = this.size++;
    const keys = this.keys;
    const ids = this.ids;
    while (pos > 0) {
      const parent = (pos - 1) >> 1;
      const pk = keys[parent]!;
      if (pk <= key) break;
      keys[pos] = pk;
      ids[pos] = ids[parent]!;
      pos = parent;
    }
    keys[pos] = key;
    ids[pos] = id;
  }

  peekKey(): number {
    return this.size > 0 ? this.keys[0]! : Infinity;
  }

  /** Remove the smallest entry and return its id; call only when size > 0. */
  pop(): number {
    const keys = this.keys;
    const ids = this.ids;
    const top = ids[0]!;
    const last = --this.size;
    if (last > 0) {
      const key = keys[last]!;
      const id = ids[last]!;
      let pos = 0;
      const half = last >> 1;
      while (pos < half) {
        let child = 2 * pos + 1;
        const right = child + 1;
        if (right < last && keys[right]! < keys[child]!) child = right;
        if (keys[child]! >= key) break;
        keys[pos] = keys[child]!;
        ids[pos] = ids[child]!;
        pos = child;
      }
      keys[pos] = key;
      ids[pos] = id;
    }
    return top;
  }
}
