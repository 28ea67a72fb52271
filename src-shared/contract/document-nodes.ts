import { z } from 'zod';

/**
 * The nodes of a rich-text `Document` as 0.146.0 describes them (`DocumentBlock*`, `DocumentInline*`,
 * `DocumentText`, `DocumentTextLeaf`, `DocumentTextMark`, `DocumentFragment`): every block and inline
 * type it knows, what each requires, and its fixed `isVoid`. Part A shows a Document's block only in
 * outline ("type such as paragraph"), so the reference decides. A block's `data` is not checked
 * field by field, and a node keeps fields it does not name (the reference leaves nodes open, and
 * the content model keeps what it cannot carry verbatim: docs/content-model.md).
 */

type Field = 'data' | 'nodes' | 'fragments' | 'isVoid';
interface Rule {
  requires: readonly Field[];
  isVoid: boolean;
}

const container = (...requires: Field[]): Rule => ({ requires: ['nodes', ...requires], isVoid: false });
const leaf = (...requires: Field[]): Rule => ({ requires: ['data', 'isVoid', ...requires], isVoid: true });

const BLOCKS: Record<string, Rule> = {
  paragraph: container(),
  'heading-1': container('data'),
  'heading-2': container('data'),
  'heading-3': container('data'),
  'list-ordered': container('data'),
  'list-unordered': container(),
  'list-tasks': container(),
  'list-item': container(),
  blockquote: container(),
  hint: container('data'),
  if: container('data'),
  images: container('data', 'isVoid'),
  code: container('data'),
  'code-line': container('data'),
  tabs: container(),
  'tabs-item': container('data'),
  stepper: container(),
  'stepper-step': container('data'),
  columns: container('data', 'isVoid'),
  column: container('data'),
  divider: leaf(),
  image: leaf('fragments'),
  file: leaf(),
  drawing: leaf(),
  embed: leaf(),
  math: leaf(),
  expandable: leaf('fragments'),
  table: leaf('fragments'),
  swagger: leaf(),
  'openapi-operation': leaf(),
  'openapi-schemas': leaf(),
  'openapi-webhook': leaf(),
  'content-ref': leaf(),
  integration: leaf(),
  'reusable-content': leaf(),
};

const INLINES: Record<string, Rule> = {
  link: container('data'),
  annotation: { requires: ['nodes', 'fragments', 'isVoid'], isVoid: false },
  emoji: leaf(),
  icon: leaf(),
  expression: leaf(),
  'inline-math': leaf(),
  'inline-image': leaf(),
  mention: leaf(),
  button: leaf(),
};

const MARKS = ['bold', 'italic', 'code', 'keyboard', 'strikethrough', 'color', 'superscript', 'subscript'] as const;

const enumOf = (rules: Record<string, Rule>) => z.enum(Object.keys(rules) as [string, ...string[]]);

/** A node's fields as its type's rule asks: each required one present, `isVoid` at its fixed value. */
function follows(rules: Record<string, Rule>) {
  return (node: { type: string } & Partial<Record<Field, unknown>>, ctx: z.core.$RefinementCtx<unknown>) => {
    const rule = rules[node.type];
    if (!rule) return;
    const a = `${/^[aeiou]/.test(node.type) ? 'an' : 'a'} ${node.type}`;
    for (const field of rule.requires) {
      if (node[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${a} needs ${field}`, input: node });
    }
    if (node.isVoid !== undefined && node.isVoid !== rule.isVoid) {
      ctx.addIssue({ code: 'custom', path: ['isVoid'], message: `${a} has isVoid ${String(rule.isVoid)}`, input: node });
    }
  };
}

// Named, so that the served OpenAPI document holds each once, under the reference's own names.
const Mark = z
  .looseObject({ object: z.literal('mark'), type: z.enum(MARKS), data: z.record(z.string(), z.unknown()).optional() })
  .meta({ id: 'DocumentTextMark' });
const Leaf = z.looseObject({ object: z.literal('leaf'), text: z.string(), marks: z.array(Mark) }).meta({ id: 'DocumentTextLeaf' });
const Text = z.looseObject({ object: z.literal('text'), key: z.string().optional(), leaves: z.array(Leaf) }).meta({ id: 'DocumentText' });

/** Any node below a block: a block, an inline or a text. */
const ChildNode: z.ZodType = z.lazy(() => z.discriminatedUnion('object', [Block, Inline, Text])).meta({ id: 'DocumentNode' });
const ChildNodes = z.array(ChildNode).meta({ id: 'DocumentNodes' });
const Fragment = z
  .looseObject({
    object: z.literal('fragment'),
    key: z.string().optional(),
    fragment: z.string().optional(),
    type: z.string().optional(),
    nodes: ChildNodes,
  })
  .meta({ id: 'DocumentFragment' });
/** Fresh each time: one schema used twice would stand in the served OpenAPI document under a made-up name. */
const nodeFields = () => ({
  key: z.string().optional(),
  isVoid: z.boolean().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  nodes: ChildNodes.optional(),
  fragments: z.array(Fragment).optional(),
});

const Inline = z
  .looseObject({ object: z.literal('inline'), type: enumOf(INLINES), ...nodeFields() })
  .superRefine(follows(INLINES))
  .meta({ id: 'DocumentInline' });

const block = () => z.looseObject({ object: z.literal('block'), type: enumOf(BLOCKS), ...nodeFields() }).superRefine(follows(BLOCKS));
const Block = block().meta({ id: 'DocumentBlock' });

/** Typed loosely, as the content model writes blocks (`DocumentBlockJson`); the checks are the schema's. */
export const DocumentBlock: z.ZodType<Record<string, unknown>> = Block;

/**
 * What may stand at a document's top level: 0.146.0's `DocumentBlocksTopLevels`, and `if`, which it
 * has only inside fragments; conditional blocks are top-level in the reference's later versions
 * (0.202.0) and Part B's `evaluated` evaluates them (docs/decisions.md, "Conformance").
 */
const TOP_LEVEL = new Set([
  'paragraph', 'heading-1', 'heading-2', 'heading-3', 'list-ordered', 'list-unordered', 'list-tasks', 'divider', 'blockquote',
  'hint', 'images', 'file', 'drawing', 'embed', 'code', 'math', 'expandable', 'tabs', 'table', 'swagger', 'openapi-operation',
  'openapi-schemas', 'openapi-webhook', 'content-ref', 'integration', 'reusable-content', 'stepper', 'if',
]);

export const DocumentTopLevelBlock: z.ZodType<Record<string, unknown>> = block()
  .superRefine((node, ctx) => {
    if (!TOP_LEVEL.has(node.type)) ctx.addIssue({ code: 'custom', path: ['type'], message: `a ${node.type} cannot stand at the top of a document`, input: node });
  })
  .meta({ id: 'DocumentBlocksTopLevels' });
