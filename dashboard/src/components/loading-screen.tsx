/** Shown while sign-in state and the public-blog lookup load. */
export function LoadingScreen() {
  return (
    <div className="flex min-h-svh items-center justify-center" role="status">
      <p className="text-sm text-muted-foreground">Loading...</p>
    </div>
  );
}
