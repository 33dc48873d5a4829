/** A key the newer version set that this version did not have. */
const absent: unique symbol = Symbol("absent");

/**
 * A read-only map whose next version, with a few keys changed, costs those keys and not a copy
 * of the whole (decision 230). The newest version holds the data; deriving a version from it
 * (`with`) changes the data in place and leaves the version it came from with an undo record of
 * the keys changed, pointing at the newer one. An older version reads through those records
 * (one hop per newer version) and so answers exactly as it did when it was made: a render
 * still drawing the cards of a snapshot, or a request holding an index, sees that snapshot.
 *
 * Deriving from a version that is no longer the newest (two versions from one) copies it first.
 * Iteration order is not the order the keys were first set in, once a version has been derived.
 */
export class VersionedMap<K, V> implements ReadonlyMap<K, V> {
  /** The data, while this is the newest version. */
  #data: Map<K, V> | undefined;
  /** Once a newer version is derived: it, and this version's values of the keys it changed. */
  #newer: VersionedMap<K, V> | undefined;
  #undo: Map<K, V | typeof absent> | undefined;
  readonly size: number;

  /** Takes `data` over: the caller must not change it afterwards. */
  constructor(data: Map<K, V> = new Map()) {
    this.#data = data;
    this.size = data.size;
  }

  /** The map as a versioned one: itself when it is one, else a copy. */
  static of<K, V>(map: ReadonlyMap<K, V>): VersionedMap<K, V> {
    return map instanceof VersionedMap ? map : new VersionedMap(new Map(map));
  }

  get(key: K): V | undefined {
    let version: VersionedMap<K, V> = this;
    for (;;) {
      if (version.#data) return version.#data.get(key);
      const undo = version.#undo as Map<K, V | typeof absent>;
      if (undo.has(key)) {
        const value = undo.get(key) as V | typeof absent;
        return value === absent ? undefined : value;
      }
      version = version.#newer as VersionedMap<K, V>;
    }
  }

  has(key: K): boolean {
    let version: VersionedMap<K, V> = this;
    for (;;) {
      if (version.#data) return version.#data.has(key);
      const undo = version.#undo as Map<K, V | typeof absent>;
      if (undo.has(key)) return undo.get(key) !== absent;
      version = version.#newer as VersionedMap<K, V>;
    }
  }

  /**
   * A new version with `changes` made in order (`undefined` deletes the key). This version
   * keeps answering as before.
   */
  with(changes: Iterable<readonly [K, V | undefined]>): VersionedMap<K, V> {
    const data = this.#data ?? this.#copy();
    const undo = new Map<K, V | typeof absent>();
    for (const [key, value] of changes) {
      if (!undo.has(key)) undo.set(key, data.has(key) ? (data.get(key) as V) : absent);
      if (value === undefined) data.delete(key);
      else data.set(key, value);
    }
    const next = new VersionedMap(data);
    if (this.#data) {
      this.#data = undefined;
      this.#undo = undo;
      this.#newer = next;
    }
    return next;
  }

  /** This version's entries in a map of their own. */
  #copy(): Map<K, V> {
    const chain: Map<K, V | typeof absent>[] = [];
    let version: VersionedMap<K, V> = this;
    while (!version.#data) {
      chain.push(version.#undo as Map<K, V | typeof absent>);
      version = version.#newer as VersionedMap<K, V>;
    }
    const copy = new Map(version.#data);
    // The newest undo records first: the oldest (this version's own) has the last word.
    for (const undo of chain.reverse()) {
      for (const [key, value] of undo) {
        if (value === absent) copy.delete(key);
        else copy.set(key, value);
      }
    }
    return copy;
  }

  #entries(): Map<K, V> {
    return this.#data ?? this.#copy();
  }

  entries(): MapIterator<[K, V]> {
    return this.#entries().entries();
  }

  keys(): MapIterator<K> {
    return this.#entries().keys();
  }

  values(): MapIterator<V> {
    return this.#entries().values();
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.#entries()) callback.call(thisArg, value, key, this);
  }
}

/** The keys of a map as a read-only set (a versioned map's keys stay versioned). */
export class KeySet<K> implements ReadonlySet<K> {
  readonly #map: ReadonlyMap<K, unknown>;
  constructor(map: ReadonlyMap<K, unknown>) {
    this.#map = map;
  }
  get size(): number {
    return this.#map.size;
  }
  has(key: K): boolean {
    return this.#map.has(key);
  }
  keys(): SetIterator<K> {
    return this.values();
  }
  values(): SetIterator<K> {
    return new Set(this.#map.keys()).values();
  }
  entries(): SetIterator<[K, K]> {
    return new Set(this.#map.keys()).entries();
  }
  [Symbol.iterator](): SetIterator<K> {
    return this.values();
  }
  forEach(callback: (value: K, key: K, set: ReadonlySet<K>) => void, thisArg?: unknown): void {
    for (const key of this.#map.keys()) callback.call(thisArg, key, key, this);
  }
}
