import { TIMINGS } from '@shop/domain/constants';

// sonner is loaded the first time a toast is shown, not on every page's first load.
type Sonner = typeof import('sonner');
let loading: Promise<Sonner> | null = null;

function load(): Promise<Sonner> {
  loading ??= Promise.all([import('sonner'), import('react'), import('react-dom/client')]).then(([sonner, react, dom]) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    dom.createRoot(host).render(react.createElement(sonner.Toaster, { position: 'bottom-right', richColors: true, closeButton: true }));
    return sonner;
  });
  return loading;
}

/** SPEC 8: error toasts stay 5000 ms, success toasts 3000 ms, at the bottom right. */
export const notify = {
  error(message: string) {
    void load().then((s) => setTimeout(() => s.toast.error(message, { duration: TIMINGS.errorToastMs }), 0));
  },
  success(message: string) {
    void load().then((s) => setTimeout(() => s.toast.success(message, { duration: TIMINGS.successToastMs }), 0));
  },
};
