import type { Blog, CustomizationInput } from "@contracts/blogs.ts";
import {
  carriesWhiteText,
  contrastRatio,
  fullHex,
  textColorOn,
} from "@contracts/color-contrast.ts";
import { shippedFonts } from "@contracts/fonts.ts";
import { colorPresets, defaults, fontFamilies } from "@contracts/limits.ts";
// Each font choice shown in its own face (the regular latin face only; loaded when shown).
import "@fontsource/ibm-plex-serif/latin-400.css";
import "@fontsource/inter/latin-400.css";
import "@fontsource/gelasio/latin-400.css";
import "@fontsource/cousine/latin-400.css";
import { PaletteIcon } from "lucide-react";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useSiteStatus } from "@/lib/api/get-site-status.ts";
import { CardHeading } from "../../../components/card-heading.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { useUpdateCustomization } from "../api/update-customization.ts";
import { LogoUploadField } from "./logo-upload-field.tsx";
import { SiteStatusLine } from "./site-status-line.tsx";

const hexColor = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * What the form sends: unchanged fields are left out; an emptied logo URL is sent as null so
 * the logo is removed (an empty logo URL is sent as absent; absent could never remove one).
 */
export function customizationChanges(
  blog: Pick<Blog, "primaryColor" | "fontFamily" | "logoUrl">,
  form: { primaryColor: string; fontFamily: string; logoUrl: string },
): CustomizationInput {
  const changes: CustomizationInput = {};
  if (form.primaryColor.trim().toLowerCase() !== blog.primaryColor)
    changes.primaryColor = form.primaryColor.trim();
  if (form.fontFamily !== blog.fontFamily)
    changes.fontFamily = form.fontFamily as CustomizationInput["fontFamily"];
  const logo = form.logoUrl.trim();
  if (logo === "" && blog.logoUrl) changes.logoUrl = null;
  else if (logo !== "" && logo !== blog.logoUrl) changes.logoUrl = logo;
  return changes;
}

/**
 * What the owner is told when white text cannot sit on their colour (decision 123): the blog
 * keeps the colour as chosen and writes dark text over it. Undefined when white text reads well.
 */
export function whiteTextNote(color: string): string | undefined {
  const hex = fullHex(color);
  if (!hex || carriesWhiteText(hex)) return undefined;
  const ratio = contrastRatio("#ffffff", hex).toFixed(1);
  return `White text on this colour is hard to read (contrast ${ratio}:1, at least 4.5:1 is needed), so your blog shows dark text over it. Pick a darker colour to keep white text.`;
}

type CustomizationForm = { primaryColor: string; fontFamily: string; logoUrl: string };

/** Primary colour (picker and free text), font and logo of the selected blog. */
export function BlogCustomizationCard({ blog }: { blog: Blog }) {
  const ids = { color: useId(), colorText: useId(), logo: useId() };
  // `values` follows the blog: a saved change (or another tab's) refills the form.
  const { register, control, handleSubmit, setValue } = useForm<CustomizationForm>({
    values: {
      primaryColor: blog.primaryColor,
      fontFamily: blog.fontFamily,
      logoUrl: blog.logoUrl ?? "",
    },
  });
  const [primaryColor, logoUrl] = useWatch({ control, name: ["primaryColor", "logoUrl"] });
  const [logoFailed, setLogoFailed] = useState(false);
  const { updateCustomization, isPending } = useUpdateCustomization();
  const { data: status } = useSiteStatus(blog.id);

  async function save(form: CustomizationForm) {
    try {
      await updateCustomization(blog.id, customizationChanges(blog, form));
      toast({
        title: "Customization Updated",
        description: `${blog.name} will show its new look in a moment.`,
      });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Update Failed",
        description: errorMessage(error, "Failed to update blog customization."),
      });
    }
  }

  return (
    <Card aria-labelledby="customization-title">
      <CardHeader>
        <CardHeading id="customization-title" icon={PaletteIcon}>
          Blog Customization
        </CardHeading>
        <CardDescription>Colour, font and logo of {blog.name} as readers see it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-6" onSubmit={handleSubmit(save)}>
          <SiteStatusLine status={status} />
          <fieldset className="min-w-0 space-y-3">
            <legend className="text-sm font-medium">Primary Color</legend>
            <div className="flex flex-wrap items-center gap-3">
              <Label htmlFor={ids.color} className="sr-only">
                Pick a colour
              </Label>
              <input
                id={ids.color}
                type="color"
                value={
                  hexColor.test(primaryColor) && primaryColor.length === 7
                    ? primaryColor
                    : defaults.primaryColor
                }
                onChange={(e) => setValue("primaryColor", e.target.value, { shouldDirty: true })}
                className="h-9 w-14 cursor-pointer rounded-md border border-input bg-background p-1"
              />
              <Label htmlFor={ids.colorText} className="sr-only">
                Colour as hex code
              </Label>
              <Input
                id={ids.colorText}
                {...register("primaryColor")}
                className="w-32 font-mono"
                aria-invalid={!hexColor.test(primaryColor.trim())}
                spellCheck={false}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              {colorPresets.map((preset) => (
                <button
                  key={preset.value}
                  type="button"
                  onClick={() => setValue("primaryColor", preset.value, { shouldDirty: true })}
                  aria-pressed={primaryColor.toLowerCase() === preset.value}
                  className={cn(
                    "flex items-center gap-2 rounded-md border px-2 py-1 text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    primaryColor.toLowerCase() === preset.value && "border-foreground",
                  )}
                >
                  <span
                    aria-hidden="true"
                    className="size-4 rounded-full"
                    style={{ backgroundColor: preset.value }}
                  />
                  {preset.name}
                </button>
              ))}
            </div>
            <HeaderPreview name={blog.name} color={primaryColor} />
            <ColorContrastNote color={primaryColor} />
          </fieldset>
          <fieldset className="min-w-0 space-y-2">
            <legend className="text-sm font-medium">Font</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {fontFamilies.map((font) => (
                <label
                  key={font}
                  className="flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 has-[:checked]:border-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                >
                  <input
                    type="radio"
                    value={font}
                    {...register("fontFamily")}
                    className="size-4 accent-foreground"
                  />
                  <span className="flex flex-col">
                    <span className="text-base" style={{ fontFamily: shippedFonts[font].stack }}>
                      {font}
                    </span>
                    {shippedFonts[font].face !== font && (
                      <span className="text-xs text-muted-foreground">
                        shown with {shippedFonts[font].face}, its open look-alike
                      </span>
                    )}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="space-y-2">
            <Label htmlFor={ids.logo}>Logo URL</Label>
            <Input
              id={ids.logo}
              type="url"
              inputMode="url"
              placeholder="https://example.com/logo.png"
              {...register("logoUrl", { onChange: () => setLogoFailed(false) })}
            />
            {logoUrl.trim() !== "" && (
              <div className="flex items-center gap-3">
                {logoFailed ? (
                  <p className="text-sm text-error" role="alert">
                    Failed to load image. Please check the URL.
                  </p>
                ) : (
                  <img
                    src={logoUrl.trim()}
                    alt="Logo preview"
                    className="size-14 rounded-md border object-contain"
                    onError={() => setLogoFailed(true)}
                  />
                )}
              </div>
            )}
          </div>
          <LogoUploadField blog={blog} />
          <Button type="submit" disabled={isPending}>
            {isPending ? "Saving..." : "Save Customization"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The blog's header as readers see it in this colour: the text colour the theme picks over it. */
function HeaderPreview({ name, color }: { name: string; color: string }) {
  const hex = fullHex(color);
  if (!hex) return null;
  return (
    <figure aria-label="Header preview" className="overflow-hidden rounded-md border">
      <div className="px-4 py-3" style={{ backgroundColor: hex, color: textColorOn(hex) }}>
        <p className="truncate text-base font-semibold">{name}</p>
      </div>
    </figure>
  );
}

function ColorContrastNote({ color }: { color: string }) {
  const note = whiteTextNote(color);
  const hex = fullHex(color);
  if (!note || !hex) return null;
  return (
    <div className="flex items-start gap-3" data-testid="white-text-note">
      <span
        aria-hidden="true"
        className="rounded-md px-2 py-1 text-xs font-semibold"
        style={{ backgroundColor: hex, color: "#111111" }}
      >
        Aa
      </span>
      <p className="text-sm text-muted-foreground" role="status">
        {note}
      </p>
    </div>
  );
}
