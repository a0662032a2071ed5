import { z } from 'zod';

/**
 * How large a JSON body's structure may be: open containers at once, items in one array, fields in
 * one object, and array items plus object fields in all.
 */
export interface ShapeBounds {
  depth: number;
  items: number;
  keys: number;
  values: number;
}

/** For a body, or a part of one, the schema does not bound (no body schema, a free-form object). */
export const FREE_SHAPE: ShapeBounds = { depth: 8, items: 1000, keys: 100, values: 10_000 };

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  const?: unknown;
  enum?: unknown[];
};

const SCALARS = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const ZERO: ShapeBounds = { depth: 0, items: 0, keys: 0, values: 0 };
const widest = (a: ShapeBounds, b: ShapeBounds): ShapeBounds => ({
  depth: Math.max(a.depth, b.depth),
  items: Math.max(a.items, b.items),
  keys: Math.max(a.keys, b.keys),
  values: Math.max(a.values, b.values),
});

function shapeOf(node: JsonSchema | boolean | undefined, level: number): ShapeBounds {
  if (node === undefined || typeof node === 'boolean' || node.$ref || level > 32) return FREE_SHAPE;
  const branches = node.anyOf ?? node.oneOf ?? node.allOf;
  if (branches) return branches.map((b) => shapeOf(b, level + 1)).reduce(widest, ZERO);
  if (node.const !== undefined || node.enum) return ZERO;
  const types = node.type === undefined ? [] : [node.type].flat();
  if (types.length > 0 && types.every((t) => SCALARS.has(t))) return ZERO;
  if (types.includes('array') || node.items || node.prefixItems) {
    const inner = [...(node.prefixItems ?? []), ...(node.items ? [node.items] : [])].map((s) => shapeOf(s, level + 1)).reduce(widest, ZERO);
    const items = node.maxItems ?? (node.items ? FREE_SHAPE.items : (node.prefixItems?.length ?? FREE_SHAPE.items));
    return { depth: inner.depth + 1, items: Math.max(items, inner.items), keys: inner.keys, values: items * (1 + inner.values) };
  }
  if (types.includes('object') || node.properties) {
    const props = Object.values(node.properties ?? {}).map((s) => shapeOf(s, level + 1));
    // Only a strict object bounds its fields; any other object may carry free-form extras.
    const strict = node.additionalProperties === false;
    const extra = strict ? ZERO : FREE_SHAPE;
    const inner = [...props, extra].reduce(widest, ZERO);
    return {
      depth: inner.depth + 1,
      items: inner.items,
      keys: Math.max(strict ? props.length : FREE_SHAPE.keys, inner.keys),
      values: props.reduce((sum, p) => sum + 1 + p.values, 0) + (strict ? 0 : FREE_SHAPE.values),
    };
  }
  return FREE_SHAPE;
}

/**
 * The largest shape a body valid under `schema` can have. A body beyond it is invalid anyway, so
 * refusing it before parsing never refuses a valid request.
 */
export function shapeBoundsOf(schema: unknown): ShapeBounds {
  if (!(schema instanceof z.ZodType)) return FREE_SHAPE;
  try {
    return shapeOf(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref' }) as JsonSchema, 0);
  } catch {
    return FREE_SHAPE;
  }
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const COMMA = 44;
const COLON = 58;

/**
 * Follows JSON bytes chunk by chunk as they arrive and names the first bound they break. It stops
 * at the first breach, so a hostile body costs no more than its allowed part and the rest is never
 * read. Structural characters are ASCII and never part of a multi-byte UTF-8 character, so bytes
 * need no decoding. It does not check the syntax: the JSON parser does that after.
 */
export class ShapeWatcher {
  // Per open container: its kind (true: array) and its item or field count.
  private readonly isArray: boolean[] = [];
  private readonly counts: number[] = [];
  /** An array's opening bracket or comma waits for an item. */
  private awaiting = false;
  private values = 0;
  private inString = false;
  /** Backslashes that ended the previous chunk inside a string. */
  private carriedSlashes = 0;

  constructor(private readonly bounds: ShapeBounds) {}

  /** The first bound broken so far, or null. */
  feed(chunk: Uint8Array): string | null {
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (this.inString) {
        i = this.skipString(chunk, i);
        continue;
      }
      const c = chunk[i++] as number;
      if (c === 32 || c === 10 || c === 13 || c === 9) continue;
      const top = this.isArray.length - 1;
      if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
        this.isArray.pop();
        this.counts.pop();
        this.awaiting = false;
        continue;
      }
      if (c === COMMA) {
        this.awaiting = top >= 0 && this.isArray[top] === true;
        continue;
      }
      if (c === COLON) {
        if (top >= 0 && !this.isArray[top]) {
          const keys = (this.counts[top] ?? 0) + 1;
          this.counts[top] = keys;
          if (keys > this.bounds.keys) return `The request body has an object with more than ${this.bounds.keys} fields.`;
          if (++this.values > this.bounds.values) return 'The request body holds too many values.';
        }
        continue;
      }
      // A value or a key starts here.
      if (this.awaiting && top >= 0) {
        this.awaiting = false;
        const items = (this.counts[top] ?? 0) + 1;
        this.counts[top] = items;
        if (items > this.bounds.items) return `The request body has a list of more than ${this.bounds.items} items.`;
        if (++this.values > this.bounds.values) return 'The request body holds too many values.';
      }
      if (c === QUOTE) {
        this.inString = true;
        this.carriedSlashes = 0;
      } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        if (this.isArray.length >= this.bounds.depth) return 'The request body is nested too deeply.';
        this.isArray.push(c === OPEN_ARRAY);
        this.counts.push(0);
        this.awaiting = c === OPEN_ARRAY;
      }
    }
    return null;
  }

  /** Inside a string from `from`: the index after its closing quote, or the chunk's end. */
  private skipString(chunk: Uint8Array, from: number): number {
    let at = from;
    for (;;) {
      const quote = chunk.indexOf(QUOTE, at);
      if (quote < 0) {
        let trailing = 0;
        while (trailing < chunk.length - at && chunk[chunk.length - 1 - trailing] === BACKSLASH) trailing++;
        this.carriedSlashes = trailing === chunk.length - at ? this.carriedSlashes + trailing : trailing;
        return chunk.length;
      }
      let slashes = 0;
      while (quote - 1 - slashes >= at && chunk[quote - 1 - slashes] === BACKSLASH) slashes++;
      if (quote - slashes === at) slashes += this.carriedSlashes;
      this.carriedSlashes = 0;
      if (slashes % 2 === 0) {
        this.inString = false;
        return quote + 1;
      }
      at = quote + 1;
    }
  }
}

/** The first bound `text` breaks, or null (the whole body at once). */
export function shapeProblem(text: string | Uint8Array, bounds: ShapeBounds): string | null {
  return new ShapeWatcher(bounds).feed(typeof text === 'string' ? Buffer.from(text) : text);
}
