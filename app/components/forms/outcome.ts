import { useCallback, useEffect, useState } from "react";

/**
 * The outcome of the last post (sent, done, refused…), until the user edits the form again (000 §4.4): pass `clear`
 * as useKitForm's `onEdit`. `answer` is the action's answer it comes from: each new answer shows its outcome again.
 */
export function useEditClearedOutcome<T>(answer: { outcome: T | null } | null | undefined): [T | null, () => void] {
  const [shown, setShown] = useState<T | null>(answer?.outcome ?? null);
  useEffect(() => setShown(answer?.outcome ?? null), [answer]);
  return [shown, useCallback(() => setShown(null), [])];
}
