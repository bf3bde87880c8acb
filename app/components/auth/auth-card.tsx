import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader } from "#app/components/ui/card.tsx";

export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10">
      <Card>
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold leading-none tracking-tight">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}

/** "Already have an account? Sign in", under every sign-up form. */
export function SignInInstead() {
  return (
    <p className="mt-6 text-center text-sm text-gray-600">
      Already have an account?{" "}
      <Link to="/signin" className="font-medium text-brand-700 hover:underline">
        Sign in
      </Link>
    </p>
  );
}
