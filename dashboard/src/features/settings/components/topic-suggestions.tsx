import { SparklesIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSuggestTopics } from "../api/suggest-topics.ts";

/**
 * Decision 341: when automation is out of topics, the owner asks the AI for new ones and
 * accepts those they want. The server already dropped every topic too close to a post of the
 * blog; accepted topics go into the topics field, kept by Save Settings (which checks them again).
 */
export function TopicSuggestions({
  blogId,
  onAccept,
}: {
  blogId: string;
  onAccept: (topics: string[]) => void;
}) {
  const { suggestTopics, isPending } = useSuggestTopics();
  const [offered, setOffered] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [note, setNote] = useState<string | null>(null);
  const listId = useId();

  async function ask() {
    try {
      const answer = await suggestTopics(blogId);
      setOffered(answer.topics);
      setChosen(new Set(answer.topics));
      setNote(
        answer.message ??
          (answer.topics.length === 0
            ? "Every topic suggested was too close to a post on this blog. Ask again for others."
            : null),
      );
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "Topics could not be suggested. Please try again."),
      });
    }
  }

  function accept() {
    const topics = (offered ?? []).filter((t) => chosen.has(t));
    onAccept(topics);
    setOffered(null);
    toast({
      title: topics.length === 1 ? "1 topic added" : `${topics.length} topics added`,
      description: "Save Settings to write about them.",
    });
  }

  return (
    <div className="space-y-3 rounded-md border p-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" onClick={ask} disabled={isPending}>
          <SparklesIcon aria-hidden="true" />
          {isPending ? "Suggesting..." : "Suggest topics"}
        </Button>
        <span className="text-sm text-muted-foreground">
          New topics, none close to a post this blog already has.
        </span>
      </div>
      {note && <p className="text-sm text-muted-foreground">{note}</p>}
      {offered && offered.length > 0 && (
        <>
          <ul id={listId} aria-label="Suggested topics" className="space-y-1">
            {offered.map((topic) => (
              <li key={topic}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={chosen.has(topic)}
                    onChange={(event) => {
                      const next = new Set(chosen);
                      if (event.target.checked) next.add(topic);
                      else next.delete(topic);
                      setChosen(next);
                    }}
                  />
                  {topic}
                </label>
              </li>
            ))}
          </ul>
          <Button type="button" onClick={accept} disabled={chosen.size === 0}>
            {chosen.size === 1 ? "Add 1 topic" : `Add ${chosen.size} topics`}
          </Button>
        </>
      )}
    </div>
  );
}
