import { toast } from "../../../components/ui/use-toast.ts";

/** Puts a blog address on the clipboard and says so ('URL Copied!'). */
export async function copyUrl(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: "URL Copied!", description: url });
  } catch {
    // No clipboard access (permission refused, or a page not served over https).
    toast({
      variant: "destructive",
      title: "Copy failed",
      description: `Select and copy the address by hand: ${url}`,
    });
  }
}
