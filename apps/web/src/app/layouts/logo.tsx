export function Logo() {
  return (
    <span className="flex items-center gap-2 font-bold tracking-tight">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="#facc15" />
        <path d="M7 11h18l-2 11H9z" fill="#0b3b8c" />
      </svg>
      <span className="text-lg leading-none">Wholesale<span className="text-accent">Shop</span></span>
    </span>
  );
}
