/**
 * The header's search button: a link to /search (so it works without JavaScript); with JavaScript it
 * shows a spinner for 100 ms before going there, as the spec describes.
 */
import { Loader2, Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";

const SEARCH_SPINNER_MS = 100;

export function SearchButton({ className = "" }: { className?: string }) {
  const navigate = useNavigate();
  const [isBusy, setIsBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Link
      to="/search"
      aria-label="Search"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        setIsBusy(true);
        timer.current = setTimeout(() => {
          setIsBusy(false);
          navigate("/search");
        }, SEARCH_SPINNER_MS);
      }}
      className={`inline-flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-brand-700 ${className}`}
    >
      {isBusy ? <Loader2 aria-hidden size={20} className="animate-spin" /> : <Search aria-hidden size={20} />}
    </Link>
  );
}
