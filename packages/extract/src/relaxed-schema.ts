import { type CompiledSchema, compileSchema } from './schema';

const relaxed = new WeakMap<CompiledSchema, CompiledSchema>();

/** The caller's schema with every `required` list dropped (compiled once per schema). */
export function relaxedSchema(compiled: CompiledSchema): CompiledSchema {
  let out = relaxed.get(compiled);
  if (!out) {
    const { $id: _id, ...root } = withoutRequired(compiled.root) as Record<string, unknown>;
    out = compileSchema(root);
    relaxed.set(compiled, out);
  }
  return out;
}

/** A deep copy without `required` arrays; a property that is named "required" stays. */
function withoutRequired(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutRequired);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'required' && Array.isArray(value)) continue;
    // enum, const, examples and default are values, not schemas: copied as they are.
    out[key] =
      key === 'enum' || key === 'const' || key === 'examples' || key === 'default'
        ? value
        : withoutRequired(value);
  }
  return out;
}
