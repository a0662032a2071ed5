import { useEffect, useRef, useState } from 'react';

/**
 * True once the element comes within `margin` of the viewport (and stays true). Sections far
 * below the fold on the marketplace home render and fetch only then: a slow phone's first
 * seconds go to what it shows first. `skip`: drawn anyway, so no observer is made (issue 15: less
 * work on the first load).
 */
export function useInView<T extends Element>(margin = '600px', skip = false): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (skip || seen || !node) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    }, { rootMargin: margin });
    observer.observe(node);
    return () => observer.disconnect();
  }, [seen, margin, skip]);
  return [ref, seen];
}
