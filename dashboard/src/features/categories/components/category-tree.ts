import type { Category } from "@contracts/categories.ts";

export type CategoryNode = { category: Category; children: CategoryNode[] };

/**
 * The tree from `parentId`, keeping the API's order (by name). A category whose parent is
 * not in the list is shown at the top level rather than lost.
 */
export function buildCategoryTree(categories: readonly Category[]): CategoryNode[] {
  const nodes = new Map(
    categories.map((c) => [c.id, { category: c, children: [] as CategoryNode[] }]),
  );
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.category.parentId ? nodes.get(node.category.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Every category in tree order with its depth, for the parent selector. */
export function flattenTree(
  nodes: readonly CategoryNode[],
  depth = 0,
): { category: Category; depth: number }[] {
  return nodes.flatMap((node) => [
    { category: node.category, depth },
    ...flattenTree(node.children, depth + 1),
  ]);
}
