import { useState } from "react";
import { Copy, Download } from "lucide-react";
import { useHydrated } from "#app/components/forms/use-hydrated.ts";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { PRODUCT_NAME } from "#app/lib/brand.ts";

/** The codes as a text file: what they are for, then one a line. */
export function backupCodesText(codes: string[], account?: string) {
  return [
    `${PRODUCT_NAME} backup codes${account ? ` for ${account}` : ""}`,
    "Each code signs you in once if you cannot use your authenticator app.",
    "Keep this file somewhere safe. New backup codes replace all of these.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/**
 * Backup codes, shown once: each signs in once when the phone is not at hand. "Download codes" is
 * a link to the codes themselves (a data: address: nothing is stored or served again, and it works
 * without JavaScript); "Copy codes" appears once the page's script runs.
 */
export function TwoFactorBackupCodes({ codes, title, account }: { codes: string[]; title: string; account?: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const text = backupCodesText(codes, account);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  };
  return (
    <Alert variant="success" role="status">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>
          Save these backup codes somewhere safe — a password manager, or printed and put away. Each one signs you in
          once if you cannot use your authenticator app. They are shown only now.
        </p>
        <ul
          aria-label="Backup codes"
          data-testid="backup-codes"
          className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md border border-green-200 bg-white p-3 font-mono text-sm text-gray-900"
        >
          {codes.map((code) => (
            <li key={code} className="tracking-wider">
              {code}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild variant="outline" size="sm">
            <a
              href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
              download={`${PRODUCT_NAME.toLowerCase()}-backup-codes.txt`}
            >
              <Download aria-hidden="true" />
              Download codes
            </a>
          </Button>
          {hydrated ? (
            <Button type="button" variant="outline" size="sm" onClick={copy}>
              <Copy aria-hidden="true" />
              Copy codes
            </Button>
          ) : null}
          <span aria-live="polite" className="text-sm">
            {copied === "yes" ? "Copied." : copied === "no" ? "Could not copy: select the codes and copy them." : ""}
          </span>
        </div>
      </AlertDescription>
    </Alert>
  );
}
