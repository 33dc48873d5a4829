// @vitest-environment happy-dom

import { Editor } from "@tiptap/core";
import { NodeSelection } from "@tiptap/pm/state";
import { afterEach, describe, expect, it } from "vitest";
import {
  insertImage,
  MissingAltFlag,
  removeImage,
  replaceImage,
  selectedImage,
  setImageAlt,
  setImageCaption,
  setImageWidth,
} from "./image-frame.ts";
import { schemaExtensions } from "./schema.ts";

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

function editorWith(html: string) {
  const element = document.createElement("div");
  document.body.append(element);
  const editor = new Editor({
    element,
    extensions: [...schemaExtensions(), MissingAltFlag],
    content: html,
  });
  editors.push(editor);
  return editor;
}

/** Selects the first image, as a click on it does. */
function selectImage(editor: Editor) {
  let at = -1;
  editor.state.doc.descendants((node, pos) => {
    if (at < 0 && node.type.name === "image") at = pos;
    return at < 0;
  });
  editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, at)));
}

const img = '<img src="https://images.example/bike.png" alt="">';

describe("the selected image's controls", () => {
  it("write alt text, caption and width into the HTML, keeping the image selected", () => {
    const editor = editorWith(`<p>Before</p>${img}<p>After</p>`);
    selectImage(editor);
    expect(selectedImage(editor.state)).toMatchObject({ alt: "", caption: "", width: "normal" });

    setImageAlt(editor, "A red bicycle");
    setImageCaption(editor, "Parked by the river");
    setImageWidth(editor, "full");
    expect(editor.getHTML()).toBe(
      '<p>Before</p><figure data-width="full"><img src="https://images.example/bike.png" alt="A red bicycle"><figcaption>Parked by the river</figcaption></figure><p>After</p>',
    );
    expect(selectedImage(editor.state)).toMatchObject({
      alt: "A red bicycle",
      caption: "Parked by the river",
      width: "full",
    });

    // No caption and the column's width: the bare image again.
    setImageWidth(editor, "normal");
    setImageCaption(editor, "");
    expect(editor.getHTML()).toBe(
      '<p>Before</p><img src="https://images.example/bike.png" alt="A red bicycle"><p>After</p>',
    );
    expect(selectedImage(editor.state)?.alt).toBe("A red bicycle");
  });

  it("replace the image's address, keeping its caption, width and alt text", () => {
    const editor = editorWith(
      '<figure data-width="wide"><img src="https://images.example/a.png" alt="A bike"><figcaption>By the <em>river</em></figcaption></figure><p>After</p>',
    );
    selectImage(editor);
    replaceImage(editor, { src: "https://images.example/b.png", alt: "", width: 800, height: 600 });
    expect(editor.getHTML()).toBe(
      '<figure data-width="wide"><img src="https://images.example/b.png" alt="A bike" width="800" height="600"><figcaption>By the <em>river</em></figcaption></figure><p>After</p>',
    );
  });

  it("remove the image with its caption", () => {
    const editor = editorWith(
      '<p>Before</p><figure><img src="https://images.example/a.png" alt="A"><figcaption>C</figcaption></figure><p>After</p>',
    );
    selectImage(editor);
    removeImage(editor);
    expect(editor.getHTML()).toBe("<p>Before</p><p>After</p>");
    expect(selectedImage(editor.state)).toBeNull();
  });

  it("open on an image inserted without alt text, which is flagged until it has some", () => {
    const editor = editorWith("<p>Before</p>");
    editor.commands.setTextSelection(7);
    insertImage(editor, { src: "https://images.example/a.png", alt: "" });
    expect(selectedImage(editor.state)?.src).toBe("https://images.example/a.png");
    expect(editor.view.dom.querySelector(".image-alt-flag")?.textContent).toBe("No alt text");
    expect(editor.getHTML()).not.toContain("No alt text");

    setImageAlt(editor, "A");
    expect(editor.view.dom.querySelector(".image-alt-flag")).toBeNull();

    // With alt text, writing goes on after the image.
    editor.commands.setTextSelection(3);
    insertImage(editor, { src: "https://images.example/b.png", alt: "B" });
    expect(selectedImage(editor.state)).toBeNull();
  });
});
