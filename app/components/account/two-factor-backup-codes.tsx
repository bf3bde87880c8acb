import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";

/** Backup codes, shown once: each signs in once when the phone is not at hand. */
export function TwoFactorBackupCodes({ codes, title }: { codes: string[]; title: string }) {
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
      </AlertDescription>
    </Alert>
  );
}
