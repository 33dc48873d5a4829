import { type Editor, Extension } from "@tiptap/core";
import { EditorContent, type UseEditorOptions, useEditor } from "@tiptap/react";
import { type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from "react";
import { cn } from "../../../lib/cn.ts";
import {
  type AffiliateChoice,
  AffiliateLinksContext,
  CallToAction,
  ProductBox,
  ProsCons,
} from "./block-views.tsx";
import { cleanHtml, cleanPastedHtml } from "./clean-html.ts";
import { ImageControls } from "./image-controls.tsx";
import { insertImage, MissingAltFlag, replaceImage } from "./image-frame.ts";
import { type InternalLinkToInsert, insertInternalLink } from "./internal-links.ts";
import { pasteAsMarkdown } from "./markdown-paste.ts";
import { schemaExtensions } from "./schema.ts";
import { SlashMenu } from "./slash-menu.tsx";
import { RichTextToolbar } from "./toolbar.tsx";
import { ImageDialog, LinkDialog, type PickedImage } from "./url-dialogs.tsx";
import "./rich-text.css";

/** What the post editor may do to the text through the editor's commands (undo included). */
export type RichTextHandle = {
  /** Links an internal link's anchor text in its section; false when it is not there. */
  insertInternalLink: (link: InternalLinkToInsert) => boolean;
};

export type RichTextEditorProps = {
  /** The id of the editable area, for a `<label htmlFor>`. */
  id?: string;
  /** Post HTML in; the editor's HTML out ("" when empty). */
  value: string;
  onChange: (html: string) => void;
  readOnly?: boolean;
  placeholder?: string;
  /** The accessible name of the editable area. */
  label?: string;
  /** The id of an element describing the area (the content limit meter). */
  describedBy?: string;
  /** The blog's affiliate links, for the product box and call-to-action buttons. */
  affiliateLinks?: AffiliateChoice[];
  /**
   * Picks an image (media library); without it, or when it answers "address", the image
   * button asks for an address and alt text.
   */
  onPickImage?: () => Promise<PickedImage | null | "address">;
  /** Receives the handle once the editor is ready (it loads lazily). */
  handleRef?: Ref<RichTextHandle>;
};

/**
 * The post editor's content field (issue 16): TipTap 3 over the shared HTML allowlist. Loaded
 * lazily by the post editor, so TipTap is not in the dashboard's first-load JavaScript.
 */
export default function RichTextEditor({
  id,
  value,
  onChange,
  readOnly = false,
  placeholder = "Start writing your post...",
  label = "Content",
  describedBy,
  affiliateLinks = [],
  onPickImage,
  handleRef,
}: RichTextEditorProps) {
  /** The HTML this editor last reported or loaded: a different `value` came from outside. */
  const known = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const actions = useRef({ openLink: () => setLinkOpen(true), pickImage: () => {} });
  /** What the next picked image does: go in at the selection, or replace the selected image. */
  const imageTarget = useRef<"insert" | "replace">("insert");
  const [focusAltText, setFocusAltText] = useState(false);
  const altTextFocused = useCallback(() => setFocusAltText(false), []);
  const editorRef = useRef<Editor | null>(null);

  // Built once: TipTap compares options on every render, and cleaning a long post per keystroke
  // would cost what the typing costs. Changing props are read through refs.
  const [options] = useState<UseEditorOptions>(() => ({
    extensions: [
      ...schemaExtensions({ placeholder, blocks: [ProductBox, CallToAction, ProsCons] }),
      SlashMenu.configure({ pickImage: () => actions.current.pickImage() }),
      MissingAltFlag,
      Extension.create({
        name: "linkShortcut",
        addKeyboardShortcuts: () => ({
          "Mod-k": () => {
            actions.current.openLink();
            return true;
          },
        }),
      }),
    ],
    content: cleanHtml(value),
    editable: !readOnly,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        class:
          "rich-text min-h-96 rounded-b-md border px-4 py-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
      },
      transformPastedHTML: (html) => cleanPastedHtml(html),
      handlePaste: (_view, event) => {
        const data = event.clipboardData;
        const text = data?.getData("text/plain") ?? "";
        const html = data?.getData("text/html") ?? "";
        const current = editorRef.current;
        if (!current || !pasteAsMarkdown(text, html ? cleanPastedHtml(html) : null)) return false;
        const parsed = current.markdown?.parse(text);
        if (!parsed) return false;
        current.chain().focus().insertContent(parsed).run();
        return true;
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? "" : current.getHTML();
      known.current = html;
      onChangeRef.current(html);
    },
  }));
  const editor = useEditor(options, []);

  editorRef.current = editor;
  useImperativeHandle(
    handleRef,
    () => ({
      insertInternalLink: (link) =>
        editorRef.current ? insertInternalLink(editorRef.current, link) : false,
    }),
    [],
  );
  actions.current.pickImage = () => pickImage("insert");

  function pickImage(target: "insert" | "replace") {
    imageTarget.current = target;
    if (!onPickImage) {
      setImageOpen(true);
      return;
    }
    void onPickImage().then((image) => {
      if (image === "address") setImageOpen(true);
      else if (image) receiveImage(image);
    });
  }

  function receiveImage(image: PickedImage) {
    if (!editor) return;
    if (imageTarget.current === "replace") {
      replaceImage(editor, image);
      return;
    }
    insertImage(editor, image);
    // The upload asked for alt text: the image's controls open on it.
    if (!image.alt) setFocusAltText(true);
  }

  // A value from outside (AI generation, a reload after saving) replaces the content.
  useEffect(() => {
    if (!editor || value === known.current) return;
    known.current = value;
    editor.commands.setContent(cleanHtml(value), { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    // Without an update event: switching modes is not an edit.
    if (editor && editor.isEditable === readOnly) editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  if (!editor) return null;
  const currentHref = (editor.getAttributes("link").href as string | undefined) ?? "";
  return (
    <AffiliateLinksContext.Provider value={affiliateLinks}>
      <div className={cn("relative", readOnly && "opacity-90")}>
        {/* Pinned below the app's sticky header (its height is set by the layout). */}
        <div className="sticky top-[var(--app-header-height,0px)] z-10">
          <RichTextToolbar editor={editor} disabled={readOnly} actions={actions.current} />
          <ImageControls
            editor={editor}
            disabled={readOnly}
            onReplace={() => pickImage("replace")}
            focusAltText={focusAltText}
            onAltTextFocused={altTextFocused}
          />
        </div>
        <EditorContent editor={editor} />
      </div>
      {linkOpen && (
        <LinkDialog
          open
          onOpenChange={setLinkOpen}
          initialHref={currentHref}
          onSubmit={(href) => {
            const chain = editor.chain().focus().extendMarkRange("link");
            if (!href) chain.unsetLink().run();
            else if (editor.state.selection.empty && !editor.isActive("link"))
              // Nothing selected: the address itself becomes the linked text.
              chain
                .insertContent({
                  type: "text",
                  text: href,
                  marks: [{ type: "link", attrs: { href } }],
                })
                .run();
            else chain.setLink({ href }).run();
          }}
        />
      )}
      {imageOpen && <ImageDialog open onOpenChange={setImageOpen} onSubmit={receiveImage} />}
    </AffiliateLinksContext.Provider>
  );
}
