import { useEffect, useRef, useState } from 'react';

/**
 * True once the element comes within `margin` of the viewport (and stays true). Sections far
 * below the fold on the marketplace home render and fetch only then: a slow phone's first
 * seconds go to what it shows first.
 */
export function useInView<T extends Element>(margin = '600px'): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (seen || !node) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    }, { rootMargin: margin });
    observer.observe(node);
    return () => observer.disconnect();
  }, [seen, margin]);
  return [ref, seen];
}
