/** The authenticator's QR code, drawn from the path the server made (no script, no image request). */
export function TwoFactorQr({ qr, label }: { qr: { size: number; path: string }; label: string }) {
  const quiet = 4;
  const box = qr.size + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-quiet} ${-quiet} ${box} ${box}`}
      shapeRendering="crispEdges"
      className="h-auto w-full max-w-56 rounded-md border border-gray-200 bg-white"
      data-testid="two-factor-qr"
    >
      <rect x={-quiet} y={-quiet} width={box} height={box} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
