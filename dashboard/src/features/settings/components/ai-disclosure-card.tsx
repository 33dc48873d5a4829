import type { Blog } from "@contracts/blogs.ts";
import { SparklesIcon } from "lucide-react";
import { SettingSwitchCard } from "./setting-switch-card.tsx";

/**
 * The blog's 'AI-assisted' note (decision 057): shown on posts written by AI (the editor's
 * 'Generate with AI' or content automation) until they are substantially edited. The switch
 * saves at once, like the affiliate links' Auto-Insert switch.
 */
export function AiDisclosureCard({ blog }: { blog: Blog }) {
  return (
    <SettingSwitchCard
      blog={blog}
      setting="aiDisclosure"
      icon={SparklesIcon}
      title="AI Disclosure"
      description={`Tell readers which posts of ${blog.name} were written by AI.`}
      label="Show 'AI-assisted' note"
      hint="On posts generated with AI until at least half of their text is your own."
      toasts={{
        on: {
          title: "AI Disclosure On",
          description: `AI-written posts on ${blog.name} will show an 'AI-assisted' note.`,
        },
        off: {
          title: "AI Disclosure Off",
          description: `Posts on ${blog.name} will no longer show the 'AI-assisted' note.`,
        },
      }}
      failure="Failed to update the AI disclosure setting."
    />
  );
}
