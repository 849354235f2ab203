/** A button that appears once the reader has scrolled more than 300 px and takes them back up. */
import { ArrowUp } from "lucide-react";
import { useEffect, useState } from "react";

const BACK_TO_TOP_AFTER_PX = 300;

export function BackToTop() {
  const [isVisible, setIsVisible] = useState(false);
  useEffect(() => {
    const update = () => setIsVisible(window.scrollY > BACK_TO_TOP_AFTER_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  if (!isVisible) return null;
  return (
    <button
      type="button"
      aria-label="Back to top"
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      className="fixed right-4 bottom-4 z-40 inline-flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-900 focus-visible:ring-4 focus-visible:ring-brand-600/40 focus-visible:outline-none"
    >
      <ArrowUp aria-hidden size={22} />
    </button>
  );
}
