import { Button } from "#app/components/ui/button.tsx";

export function ErrorScreen({ message }: { message?: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-gray-600">{message || "An unexpected error occurred"}</p>
      <div className="mt-8 flex gap-3">
        <Button type="button" onClick={() => window.location.reload()}>
          Try Again
        </Button>
        <Button asChild variant="outline">
          <a href="/">Go Home</a>
        </Button>
      </div>
    </div>
  );
}
