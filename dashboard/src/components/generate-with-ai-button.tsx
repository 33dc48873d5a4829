import { limits } from "@contracts/limits.ts";
import { SparklesIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button, type ButtonProps } from "./ui/button.tsx";

/**
 * A generic 'Generate with AI' button. It reads 'Generating...' for
 * 2000 ms, then resets; it only calls the optional callback.
 */
export function GenerateWithAiButton({
  onGenerate,
  children = "Generate with AI",
  ...props
}: Omit<ButtonProps, "onClick"> & { onGenerate?: () => void }) {
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function start() {
    if (busy) return;
    setBusy(true);
    onGenerate?.();
    timer.current = setTimeout(() => setBusy(false), limits.generateButtonBusyMs);
  }

  return (
    <Button variant="outline" {...props} disabled={busy || props.disabled} onClick={start}>
      <SparklesIcon aria-hidden="true" />
      {busy ? "Generating..." : children}
    </Button>
  );
}
