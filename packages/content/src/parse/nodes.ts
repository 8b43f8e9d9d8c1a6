/**
 * A parsed element. Plain class (not domhandler) so every hot loop sees one monomorphic shape.
 * Its fields are declared, not initialized: initializers make V8 call a function of their own for
 * every node built (the CLI runs without inlining), and define each field before the constructor
 * sets it again. Assigned in the order the initializers had.
 */
export class Elem {
  declare tag: string;
  declare attrs: Record<string, string>;
  declare parent: Elem | null;
  declare readonly type: 1;
  declare children: Node[];
  constructor(tag: string, attrs: Record<string, string>, parent: Elem | null) {
    this.tag = tag;
    this.attrs = attrs;
    this.parent = parent;
    this.type = 1;
    this.children = [];
  }
}

/** A text node; fields declared as Elem's are. */
export class Text {
  declare text: string;
  declare parent: Elem | null;
  declare readonly type: 3;
  /** text-measure.ts's shape of the text, and the text it was taken of (null: not yet). */
  declare shape: number;
  declare shaped: string | null;
  constructor(text: string, parent: Elem | null) {
    this.text = text;
    this.parent = parent;
    this.type = 3;
    this.shape = 0;
    this.shaped = null;
  }
}

export type Node = Elem | Text;

/**
 * A new element's attributes: an object without prototype, which V8 keeps as a hash table. Pages
 * give their elements some thousand different sets of attribute names, too many shapes for V8's
 * property caches: every later `attrs.class` test, in every pass, missed them. Lookups in the
 * table are cheaper (and building one is).
 */
export function attributesObject(): Record<string, string> {
  return Object.create(null);
}
