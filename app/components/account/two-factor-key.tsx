import { useState } from "react";
import { Copy } from "lucide-react";
import { useHydrated } from "#app/components/forms/use-hydrated.ts";
import { Button } from "#app/components/ui/button.tsx";
import { groupSecret } from "#app/domain/user/two-factor-schemas.ts";

/**
 * The set-up key typed by hand when the QR code cannot be scanned: in groups of four that wrap only
 * between groups (never mid-group on a phone), and "Copy key" once the page's script runs, which copies
 * it without the spaces.
 */
export function TwoFactorKey({ secret }: { secret: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  };
  return (
    <div className="mt-2 space-y-2">
      <p
        className="flex flex-wrap gap-x-2 gap-y-1 rounded-md border border-gray-200 bg-gray-50 p-2 font-mono text-gray-900"
        data-testid="two-factor-secret"
        aria-label={`Key: ${groupSecret(secret)}`}
      >
        {groupSecret(secret)
          .split(" ")
          .map((group, i) => (
            <span key={i} className="whitespace-nowrap">
              {group}
            </span>
          ))}
      </p>
      {hydrated ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="outline" size="sm" onClick={copy}>
            <Copy aria-hidden="true" />
            Copy key
          </Button>
          <span aria-live="polite" className="text-sm">
            {copied === "yes" ? "Copied." : copied === "no" ? "Could not copy: select the key and copy it." : ""}
          </span>
        </div>
      ) : null}
    </div>
  );
}
