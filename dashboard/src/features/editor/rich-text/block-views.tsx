import { type NodeViewProps, NodeViewWrapper, ReactNodeViewRenderer } from "@tiptap/react";
import { createContext, useContext, useId } from "react";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import {
  type CallToActionAttrs,
  CallToAction as CallToActionNode,
  defaultButtonLabel,
  type ProductBoxAttrs,
  ProductBox as ProductBoxNode,
  type ProsConsAttrs,
  ProsCons as ProsConsNode,
} from "./blocks.ts";

/** One of the blog's affiliate links, as a block's button may point to it. */
export type AffiliateChoice = { id: string; keyword: string; url: string };

export const AffiliateLinksContext = createContext<AffiliateChoice[]>([]);

const ratings = ["", "5", "4.5", "4", "3.5", "3", "2.5", "2", "1.5", "1", "0.5", "0"];

const selectClass =
  "h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** The affiliate link picker: choosing one stores its id and its address. */
function LinkPicker({
  id,
  linkId,
  href,
  onPick,
}: {
  id: string;
  linkId: string;
  href: string;
  onPick: (link: { linkId: string; href: string }) => void;
}) {
  const links = useContext(AffiliateLinksContext);
  const known = links.some((link) => link.id === linkId);
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>Affiliate link</Label>
      <select
        id={id}
        className={selectClass}
        value={linkId}
        onChange={(event) => {
          const link = links.find((l) => l.id === event.target.value);
          onPick(link ? { linkId: link.id, href: link.url } : { linkId: "", href: "" });
        }}
      >
        <option value="">
          {links.length ? "Choose an affiliate link" : "No affiliate links yet"}
        </option>
        {links.map((link) => (
          <option key={link.id} value={link.id}>
            {link.keyword} — {link.url}
          </option>
        ))}
        {linkId && !known && <option value={linkId}>{href || linkId}</option>}
      </select>
    </div>
  );
}

function BlockFrame({
  title,
  selected,
  editable,
  children,
}: {
  title: string;
  selected: boolean;
  /** False in the post's view mode: the fields show but do not change. */
  editable: boolean;
  children: React.ReactNode;
}) {
  return (
    <NodeViewWrapper
      as="section"
      aria-label={title}
      className={`my-4 rounded-lg border-2 border-dashed bg-muted/30 p-4 not-prose ${selected ? "border-primary" : "border-border"}`}
    >
      <p
        className="mb-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
        data-drag-handle
      >
        {title}
      </p>
      <fieldset className="grid gap-3" contentEditable={false} disabled={!editable}>
        {children}
      </fieldset>
    </NodeViewWrapper>
  );
}

function Field({
  label,
  value,
  onChange,
  multiline = false,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  placeholder?: string;
}) {
  const id = useId();
  const Control = multiline ? Textarea : Input;
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Control
        id={id}
        value={value}
        placeholder={placeholder}
        onChange={(event: React.ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) =>
          onChange(event.target.value)
        }
      />
    </div>
  );
}

function ProductBoxView({ node, updateAttributes, selected, editor }: NodeViewProps) {
  const id = useId();
  const a = node.attrs as ProductBoxAttrs;
  const set = (patch: Partial<ProductBoxAttrs>) => updateAttributes(patch);
  return (
    <BlockFrame title="Product box" selected={selected} editable={editor.isEditable}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Product name" value={a.name} onChange={(name) => set({ name })} />
        <div className="space-y-1">
          <Label htmlFor={`${id}-rating`}>Rating</Label>
          <select
            id={`${id}-rating`}
            className={selectClass}
            value={a.rating}
            onChange={(event) => set({ rating: event.target.value })}
          >
            {ratings.map((r) => (
              <option key={r} value={r}>
                {r ? `${r} out of 5` : "No rating"}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Field
        label="Short description"
        value={a.description}
        onChange={(description) => set({ description })}
        multiline
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Product image address"
          value={a.src}
          onChange={(src) => set({ src })}
          placeholder="https://…"
        />
        <Field label="Product image alt text" value={a.alt} onChange={(alt) => set({ alt })} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <LinkPicker id={`${id}-link`} linkId={a.linkId} href={a.href} onPick={set} />
        <Field
          label="Button text"
          value={a.label}
          onChange={(label) => set({ label })}
          placeholder={defaultButtonLabel}
        />
      </div>
    </BlockFrame>
  );
}

function CallToActionView({ node, updateAttributes, selected, editor }: NodeViewProps) {
  const id = useId();
  const a = node.attrs as CallToActionAttrs;
  return (
    <BlockFrame title="Call to action" selected={selected} editable={editor.isEditable}>
      <div className="grid gap-3 sm:grid-cols-2">
        <LinkPicker id={`${id}-link`} linkId={a.linkId} href={a.href} onPick={updateAttributes} />
        <Field
          label="Button text"
          value={a.label}
          onChange={(label) => updateAttributes({ label })}
        />
      </div>
    </BlockFrame>
  );
}

const lines = (value: string) => value.split("\n");

function ProsConsView({ node, updateAttributes, selected, editor }: NodeViewProps) {
  const a = node.attrs as ProsConsAttrs;
  // Blank lines are kept while typing and dropped when saved (renderHTML writes what is here).
  return (
    <BlockFrame title="Pros and cons" selected={selected} editable={editor.isEditable}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Pros (one per line)"
          value={a.pros.join("\n")}
          onChange={(value) => updateAttributes({ pros: lines(value) })}
          multiline
        />
        <Field
          label="Cons (one per line)"
          value={a.cons.join("\n")}
          onChange={(value) => updateAttributes({ cons: lines(value) })}
          multiline
        />
      </div>
    </BlockFrame>
  );
}

export const ProductBox = ProductBoxNode.extend({
  addNodeView: () => ReactNodeViewRenderer(ProductBoxView),
});
export const CallToAction = CallToActionNode.extend({
  addNodeView: () => ReactNodeViewRenderer(CallToActionView),
});
export const ProsCons = ProsConsNode.extend({
  addNodeView: () => ReactNodeViewRenderer(ProsConsView),
});
