import type { FigureWidth } from "@contracts/html-allowlist.ts";
import { type Editor, Extension } from "@tiptap/core";
import type { Node as PmNode } from "@tiptap/pm/model";
import { type EditorState, NodeSelection, Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";

/**
 * An image in the text and its frame (decision 350): alone it is `<img>`; with a caption or a
 * width other than the text column's it stands in `<figure data-width><img><figcaption>`.
 */

export type ImageWidth = "normal" | FigureWidth;

export type SelectedImage = {
  /** Where the image node starts (it is selected as a node). */
  pos: number;
  src: string;
  alt: string;
  caption: string;
  width: ImageWidth;
};

export type NewImage = { src: string; alt: string; width?: number; height?: number };

/** The figure holding only this image (and its caption), if the image stands in one. */
function frameOf(state: EditorState, pos: number): { from: number; node: PmNode } | null {
  const $pos = state.doc.resolve(pos);
  const parent = $pos.parent;
  if (parent.type.name !== "figure" || $pos.index() !== 0) return null;
  const rest = parent.childCount === 1 || parent.child(1).type.name === "figcaption";
  if (parent.childCount > 2 || !rest) return null;
  return { from: $pos.before(), node: parent };
}

function captionOf(figure: PmNode | undefined): PmNode | null {
  const last = figure?.lastChild;
  return figure && figure.childCount === 2 && last?.type.name === "figcaption" ? last : null;
}

/** The image the selection is on, with what its controls show; null for anything else. */
export function selectedImage(state: EditorState): SelectedImage | null {
  const { selection } = state;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== "image") return null;
  const frame = frameOf(state, selection.from);
  return {
    pos: selection.from,
    src: (selection.node.attrs.src as string | null) ?? "",
    alt: (selection.node.attrs.alt as string | null) ?? "",
    caption: captionOf(frame?.node)?.textContent ?? "",
    width: (frame?.node.attrs.width as FigureWidth | null) ?? "normal",
  };
}

/**
 * Rebuilds the selected image's frame: a figure while it has a caption or a width, the bare
 * image otherwise. The image stays selected, so its controls stay open.
 */
function reframe(
  editor: Editor,
  change: { image?: (image: PmNode) => PmNode; caption?: string; width?: ImageWidth },
): boolean {
  return editor.commands.command(({ state, tr, dispatch }) => {
    const selected = selectedImage(state);
    if (!selected || !(state.selection instanceof NodeSelection)) return false;
    const { schema } = state;
    const current = state.selection.node;
    const image = change.image ? change.image(current) : current;
    const frame = frameOf(state, selected.pos);
    const width = change.width ?? selected.width;
    const caption =
      change.caption === undefined
        ? captionOf(frame?.node)
        : change.caption
          ? schema.nodes.figcaption?.create(null, schema.text(change.caption))
          : null;
    const figure = schema.nodes.figure;
    if (!figure) return false;
    const replacement =
      caption || width !== "normal"
        ? figure.create(
            { width: width === "normal" ? null : width },
            caption ? [image, caption] : [image],
          )
        : image;
    const from = frame ? frame.from : selected.pos;
    const to = frame ? frame.from + frame.node.nodeSize : selected.pos + current.nodeSize;
    if (dispatch) {
      tr.replaceWith(from, to, replacement);
      tr.setSelection(NodeSelection.create(tr.doc, replacement === image ? from : from + 1));
    }
    return true;
  });
}

export const setImageAlt = (editor: Editor, alt: string) =>
  reframe(editor, { image: (image) => image.type.create({ ...image.attrs, alt }) });

export const setImageCaption = (editor: Editor, caption: string) => reframe(editor, { caption });

export const setImageWidth = (editor: Editor, width: ImageWidth) => reframe(editor, { width });

/** Another image in the same place: its caption and width stay, and its alt text unless the new one has its own. */
export const replaceImage = (editor: Editor, next: NewImage) =>
  reframe(editor, {
    image: (image) =>
      image.type.create({
        ...image.attrs,
        src: next.src,
        alt: next.alt || image.attrs.alt,
        width: next.width ?? null,
        height: next.height ?? null,
      }),
  });

/** Takes the selected image out, with its caption. */
export function removeImage(editor: Editor): boolean {
  return editor.commands.command(({ state, tr, dispatch }) => {
    const selected = selectedImage(state);
    if (!selected || !(state.selection instanceof NodeSelection)) return false;
    const frame = frameOf(state, selected.pos);
    const from = frame ? frame.from : selected.pos;
    const to = frame
      ? frame.from + frame.node.nodeSize
      : selected.pos + state.selection.node.nodeSize;
    if (dispatch) tr.delete(from, to);
    return true;
  });
}

/**
 * Puts an image in at the selection. One without alt text is selected, so its controls open
 * and ask for it; otherwise writing goes on after it.
 */
export function insertImage(editor: Editor, image: NewImage): boolean {
  const start = editor.state.selection.from;
  return editor
    .chain()
    .focus()
    .setImage({ src: image.src, alt: image.alt, width: image.width, height: image.height })
    .command(({ tr }) => {
      if (image.alt) return true;
      let found = -1;
      const from = Math.max(0, tr.mapping.map(start, -1) - 2);
      tr.doc.nodesBetween(from, Math.min(tr.doc.content.size, tr.selection.to + 2), (node, pos) => {
        if (found < 0 && node.type.name === "image" && node.attrs.src === image.src) found = pos;
        return found < 0;
      });
      if (found >= 0) tr.setSelection(NodeSelection.create(tr.doc, found));
      return true;
    })
    .run();
}

/** Images without alt text, outlined and labelled in the editor (never in the saved HTML). */
function missingAltDecorations(doc: PmNode): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name === "image" && !node.attrs.alt) {
      const end = pos + node.nodeSize;
      decorations.push(Decoration.node(pos, end, { class: "image-without-alt" }));
      decorations.push(
        Decoration.widget(
          end,
          () => {
            const flag = document.createElement("span");
            flag.className = "image-alt-flag";
            flag.contentEditable = "false";
            flag.textContent = "No alt text";
            return flag;
          },
          { side: -1, ignoreSelection: true, key: "no-alt-text" },
        ),
      );
    }
    // Text holds no images: the walk stays at block level.
    return !node.isTextblock;
  });
  return DecorationSet.create(doc, decorations);
}

export const MissingAltFlag = Extension.create({
  name: "missingAltFlag",
  addProseMirrorPlugins: () => [
    new Plugin<DecorationSet>({
      key: new PluginKey("missingAltFlag"),
      state: {
        init: (_, state) => missingAltDecorations(state.doc),
        apply: (tr, old) => (tr.docChanged ? missingAltDecorations(tr.doc) : old),
      },
      props: {
        decorations(state) {
          return this.getState(state);
        },
      },
    }),
  ],
});
