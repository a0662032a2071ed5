/**
 * The shop's router (issue 41): the part of React Router 7's declarative API the buyer's pages use,
 * with its rules, in a file of its own. React Router's module does not shrink below about 14 KB gzip
 * whatever is imported from it (its top level cannot be dropped), a seventh of the 110 KB first-load
 * budget; this is under 3 KB. The staff back office (a build of its own) keeps React Router.
 *
 * Ported from React Router 7.18 so that every page behaves as it did:
 * - matching and ranking (flattenRoutes, explodeOptionalSegments, computeScore, compilePath,
 *   matchRouteBranch): static segments before dynamic ones before splats, siblings in order, optional
 *   segments, trailing slashes, case sensitivity, decoded parameters;
 * - the browser history: entries carry { usr: state, key, idx } (a key React Router gave is kept across
 *   a reload, and the first page opened by its address is keyed "default"), a navigation is a transition;
 * - Link (left click without modifier keys, no other target, replace when the address does not change,
 *   another origin's address is a plain link), NavLink (active by path, case-insensitive, "page" for
 *   aria-current, "active" class), Navigate (in an effect), useNavigate (ignored before mount, numbers
 *   go through the history), useSearchParams (the setter navigates to "?..."), useParams, Outlet.
 * Relative paths are resolved against the current path; the shop's links are all absolute.
 */
import {
  type AnchorHTMLAttributes,
  Children,
  type CSSProperties,
  createContext,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  isValidElement,
} from 'react';

// ---- Locations and history -------------------------------------------------------------------

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}
export interface Location<State = unknown> extends Path {
  state: State;
  key: string;
}
export type To = string | Partial<Path>;
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

interface Navigator {
  push(to: Partial<Path>, state?: unknown): void;
  replace(to: Partial<Path>, state?: unknown): void;
  go(delta: number): void;
  createHref(to: Partial<Path>): string;
}
type Listener = (update: { action: NavigationType; location: Location }) => void;
interface History extends Navigator {
  readonly action: NavigationType;
  readonly location: Location;
  listen(listener: Listener): () => void;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  let path = pathname;
  if (search && search !== '?') path += search.charAt(0) === '?' ? search : `?${search}`;
  if (hash && hash !== '#') path += hash.charAt(0) === '#' ? hash : `#${hash}`;
  return path;
}

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  let rest = path;
  if (rest) {
    const hashIndex = rest.indexOf('#');
    if (hashIndex >= 0) {
      parsed.hash = rest.slice(hashIndex);
      rest = rest.slice(0, hashIndex);
    }
    const searchIndex = rest.indexOf('?');
    if (searchIndex >= 0) {
      parsed.search = rest.slice(searchIndex);
      rest = rest.slice(0, searchIndex);
    }
    if (rest) parsed.pathname = rest;
  }
  return parsed;
}

const createKey = () => Math.random().toString(36).substring(2, 10);

function createLocation(current: string | Partial<Path>, to: To, state: unknown = null, key?: string): Location {
  return {
    pathname: typeof current === 'string' ? current : (current.pathname ?? '/'),
    search: '',
    hash: '',
    ...(typeof to === 'string' ? parsePath(to) : to),
    state,
    key: (to && (to as { key?: string }).key) || key || createKey(),
  };
}

interface HistoryState {
  usr: unknown;
  key?: string;
  idx: number;
}

/** React Router's browser history (v5Compat: a push or replace is told to the listener). */
function createBrowserHistory(): History {
  const global = window.history;
  let action: NavigationType = 'POP';
  let listener: Listener | null = null;
  const getIndex = () => ((global.state ?? { idx: null }) as HistoryState).idx;
  let index = getIndex();
  if (index == null) {
    index = 0;
    global.replaceState({ ...global.state, idx: index }, '');
  }
  const getLocation = (): Location => {
    const { pathname, search, hash } = window.location;
    const state = (global.state ?? {}) as Partial<HistoryState>;
    return createLocation('', { pathname, search, hash }, state.usr ?? null, state.key || 'default');
  };
  const historyState = (location: Location, idx: number): HistoryState => ({ usr: location.state, key: location.key, idx });
  const createHref = (to: Partial<Path>) => createPath(to);
  const onPop = () => {
    action = 'POP';
    const next = getIndex();
    index = next;
    listener?.({ action, location: getLocation() });
  };
  return {
    get action() {
      return action;
    },
    get location() {
      return getLocation();
    },
    listen(fn) {
      listener = fn;
      window.addEventListener('popstate', onPop);
      return () => {
        window.removeEventListener('popstate', onPop);
        listener = null;
      };
    },
    createHref,
    push(to, state) {
      action = 'PUSH';
      const location = createLocation(getLocation(), to, state);
      index = (getIndex() ?? 0) + 1;
      const url = createHref(location);
      try {
        global.pushState(historyState(location, index), '', url);
      } catch (error) {
        // A state the browser cannot keep (DataCloneError) is the page's mistake; anything else (iOS's
        // limit of 100 pushState calls) becomes a full navigation, as in React Router.
        if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
        window.location.assign(url);
      }
      listener?.({ action, location: getLocation() });
    },
    replace(to, state) {
      action = 'REPLACE';
      const location = createLocation(getLocation(), to, state);
      index = getIndex() ?? 0;
      global.replaceState(historyState(location, index), '', createHref(location));
      listener?.({ action, location: getLocation() });
    },
    go(delta) {
      global.go(delta);
    },
  };
}

// ---- Routes and matching ---------------------------------------------------------------------

export interface RouteObject {
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}
export type Params = Record<string, string | undefined>;
export interface RouteMatch {
  params: Params;
  pathname: string;
  pathnameBase: string;
  route: RouteObject;
}
interface CompiledParam {
  paramName: string;
  isOptional?: boolean;
}
interface RouteMeta {
  relativePath: string;
  caseSensitive: boolean;
  childrenIndex: number;
  route: RouteObject;
  matcher: RegExp;
  compiledParams: CompiledParam[];
}
interface Branch {
  path: string;
  score: number;
  routesMeta: RouteMeta[];
}

const joinPaths = (paths: string[]) => paths.join('/').replace(/\/\/+/g, '/');
const normalizePathname = (pathname: string) => pathname.replace(/\/+$/, '').replace(/^\/*/, '/');
const removeTrailingSlash = (pathname: string, keep = 0) => (pathname.length > keep && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname);

function flattenRoutes(routes: RouteObject[], branches: Branch[] = [], parentsMeta: Omit<RouteMeta, 'matcher' | 'compiledParams'>[] = [], parentPath = '', parentOptional = false): Branch[] {
  const flattenRoute = (route: RouteObject, index: number, hasParentOptionalSegments = parentOptional, relative?: string) => {
    const meta = { relativePath: relative === undefined ? route.path || '' : relative, caseSensitive: route.caseSensitive === true, childrenIndex: index, route };
    if (meta.relativePath.startsWith('/')) {
      if (!meta.relativePath.startsWith(parentPath) && hasParentOptionalSegments) return;
      if (!meta.relativePath.startsWith(parentPath)) throw new Error(`Absolute route path "${meta.relativePath}" nested under path "${parentPath}" is not valid.`);
      meta.relativePath = meta.relativePath.slice(parentPath.length);
    }
    const path = joinPaths([parentPath, meta.relativePath]);
    const routesMeta = parentsMeta.concat(meta);
    if (route.children && route.children.length > 0) flattenRoutes(route.children, branches, routesMeta, path, hasParentOptionalSegments);
    if (route.path == null && !route.index) return;
    branches.push({
      path,
      score: computeScore(path, route.index),
      routesMeta: routesMeta.map((m, i) => {
        const [matcher, compiledParams] = compilePath(m.relativePath, m.caseSensitive, i === routesMeta.length - 1);
        return { ...m, matcher, compiledParams };
      }),
    });
  };
  routes.forEach((route, index) => {
    if (route.path === '' || !route.path?.includes('?')) flattenRoute(route, index);
    else for (const exploded of explodeOptionalSegments(route.path)) flattenRoute(route, index, true, exploded);
  });
  return branches;
}

function explodeOptionalSegments(path: string): string[] {
  const segments = path.split('/');
  if (segments.length === 0) return [];
  const [first = '', ...rest] = segments;
  const isOptional = first.endsWith('?');
  const required = first.replace(/\?$/, '');
  if (rest.length === 0) return isOptional ? [required, ''] : [required];
  const restExploded = explodeOptionalSegments(rest.join('/'));
  const result = restExploded.map((sub) => (sub === '' ? required : [required, sub].join('/')));
  if (isOptional) result.push(...restExploded);
  return result.map((exploded) => (path.startsWith('/') && exploded === '' ? '/' : exploded));
}

const paramRe = /^:[\w-]+$/;
const isSplat = (s: string) => s === '*';
function computeScore(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let initial = segments.length;
  if (segments.some(isSplat)) initial += -2;
  if (index) initial += 2;
  return segments.filter((s) => !isSplat(s)).reduce((score, s) => score + (paramRe.test(s) ? 3 : s === '' ? 1 : 10), initial);
}

function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? (a[a.length - 1] as number) - (b[b.length - 1] as number) : 0;
}

function compilePath(path: string, caseSensitive = false, end = true): [RegExp, CompiledParam[]] {
  const params: CompiledParam[] = [];
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)(\?)?/g, (match: string, paramName: string, isOptional: string | undefined, index: number, str: string) => {
      params.push({ paramName, isOptional: isOptional != null });
      if (isOptional) {
        const nextChar = str.charAt(index + match.length);
        return nextChar && nextChar !== '/' ? '/([^\\/]*)' : '(?:/([^\\/]*))?';
      }
      return '/([^\\/]+)';
    })
    .replace(/\/([\w-]+)\?(\/|$)/g, '(/$1)?$2')}`;
  if (path.endsWith('*')) {
    params.push({ paramName: '*' });
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) source += '\\/*$';
  else if (path !== '' && path !== '/') source += '(?:(?=\\/|$))';
  return [new RegExp(source, caseSensitive ? undefined : 'i'), params];
}

function matchPathImpl(pathname: string, matcher: RegExp, compiledParams: CompiledParam[]) {
  const match = pathname.match(matcher);
  if (!match) return null;
  const matchedPathname = match[0];
  let pathnameBase = removeTrailingSlash(matchedPathname, 1);
  const groups = match.slice(1);
  const params = compiledParams.reduce<Params>((memo, { paramName, isOptional }, i) => {
    if (paramName === '*') pathnameBase = removeTrailingSlash(matchedPathname.slice(0, matchedPathname.length - (groups[i] || '').length), 1);
    const value = groups[i];
    memo[paramName] = isOptional && !value ? undefined : (value || '').replace(/%2F/g, '/');
    return memo;
  }, {});
  return { params, pathname: matchedPathname, pathnameBase };
}

function matchRouteBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const matchedParams: Params = {};
  let matchedPathname = '/';
  const matches: RouteMatch[] = [];
  for (const meta of branch.routesMeta) {
    const remaining = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
    const match = matchPathImpl(remaining, meta.matcher, meta.compiledParams);
    if (!match) return null;
    Object.assign(matchedParams, match.params);
    matches.push({
      params: matchedParams,
      pathname: joinPaths([matchedPathname, match.pathname]),
      pathnameBase: normalizePathname(joinPaths([matchedPathname, match.pathnameBase])),
      route: meta.route,
    });
    if (match.pathnameBase !== '/') matchedPathname = joinPaths([matchedPathname, match.pathnameBase]);
  }
  return matches;
}

function decodePath(value: string): string {
  try {
    return value
      .split('/')
      .map((v) => decodeURIComponent(v).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return value;
  }
}

const ranked = new WeakMap<RouteObject[], Branch[]>();
function branchesOf(routes: RouteObject[]): Branch[] {
  let branches = ranked.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    branches.sort((a, b) => (a.score !== b.score ? b.score - a.score : compareIndexes(a.routesMeta.map((m) => m.childrenIndex), b.routesMeta.map((m) => m.childrenIndex))));
    ranked.set(routes, branches);
  }
  return branches;
}

/** The routes matched by a location, from the outermost (React Router's matchRoutes). */
export function matchRoutes(routes: RouteObject[], location: Partial<Path> | string): RouteMatch[] | null {
  const { pathname = '/' } = typeof location === 'string' ? parsePath(location) : location;
  const decoded = decodePath(pathname || '/');
  for (const branch of branchesOf(routes)) {
    const matches = matchRouteBranch(branch, decoded);
    if (matches) return matches;
  }
  return null;
}

// ---- React ----------------------------------------------------------------------------------

interface RouterState {
  location: Location;
  navigationType: NavigationType;
  navigator: Navigator;
}
const RouterContext = createContext<RouterState | null>(null);
interface RouteState {
  outlet: ReactNode;
  matches: RouteMatch[];
}
const RouteContext = createContext<RouteState>({ outlet: null, matches: [] });

function useRouter(hook: string): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error(`${hook}() may be used only in the context of a <Router> component.`);
  return router;
}

function Router({ state, children }: { state: RouterState; children?: ReactNode }) {
  return <RouterContext.Provider value={state}>{children}</RouterContext.Provider>;
}

/** The app's router: the browser's address and history; navigations are transitions. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const history = useRef<History | null>(null);
  history.current ??= createBrowserHistory();
  const navigator = history.current;
  const [state, setState] = useState({ action: navigator.action, location: navigator.location });
  useLayoutEffect(() => navigator.listen((update) => startTransition(() => setState(update))), [navigator]);
  const value = useMemo(() => ({ location: state.location, navigationType: state.action, navigator }), [state, navigator]);
  return <Router state={value}>{children}</Router>;
}

/** A router over a list of addresses in memory (the web tests'); its navigations are transitions too. */
export function MemoryRouter({ initialEntries = ['/'], initialIndex, children }: { initialEntries?: Array<string | Partial<Location>>; initialIndex?: number; children?: ReactNode }) {
  const [state, setState] = useState(() => {
    const entries = initialEntries.map((e, i) => createLocation('/', e, typeof e === 'string' ? null : (e.state ?? null), i === 0 ? 'default' : undefined));
    const index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
    return { entries, index, action: 'POP' as NavigationType };
  });
  const navigator = useMemo<Navigator>(() => {
    const move = (action: 'PUSH' | 'REPLACE', to: Partial<Path>, locationState: unknown) => {
      const key = createKey();
      startTransition(() =>
        setState(({ entries, index }) => {
          const location = createLocation(entries[index] as Location, to, locationState, key);
          return action === 'PUSH'
            ? { entries: [...entries.slice(0, index + 1), location], index: index + 1, action }
            : { entries: entries.map((e, i) => (i === index ? location : e)), index, action };
        }),
      );
    };
    return {
      push: (to, s) => move('PUSH', to, s),
      replace: (to, s) => move('REPLACE', to, s),
      go: (delta) =>
        startTransition(() => setState(({ entries, index }) => ({ entries, index: Math.min(Math.max(index + delta, 0), entries.length - 1), action: 'POP' }))),
      createHref: createPath,
    };
  }, []);
  const value = useMemo(() => ({ location: state.entries[state.index] as Location, navigationType: state.action, navigator }), [state, navigator]);
  return <Router state={value}>{children}</Router>;
}

export function useLocation(): Location {
  return useRouter('useLocation').location;
}

export function useNavigationType(): NavigationType {
  return useRouter('useNavigationType').navigationType;
}

export function useParams<T extends Params = Params>(): T {
  const { matches } = useContext(RouteContext);
  return (matches[matches.length - 1]?.params ?? {}) as T;
}

export function Outlet(): ReactElement | null {
  return (useContext(RouteContext).outlet ?? null) as ReactElement | null;
}

/** Where `to` leads from `pathname` (absolute paths as they are; no path keeps the current one). */
function resolveTo(to: To, pathname: string): Path {
  const target = typeof to === 'string' ? parsePath(to) : { ...to };
  const toPathname = target.pathname === '' || target.pathname == null ? pathname : target.pathname;
  let resolved = toPathname;
  if (!toPathname.startsWith('/')) {
    const segments = pathname.replace(/\/+$/, '').split('/');
    for (const segment of toPathname.split('/')) {
      if (segment === '..') segments.length > 1 && segments.pop();
      else if (segment !== '.') segments.push(segment);
    }
    resolved = segments.length > 1 ? segments.join('/') : '/';
  }
  if (toPathname !== '/' && toPathname.endsWith('/') && !resolved.endsWith('/')) resolved += '/';
  const search = !target.search || target.search === '?' ? '' : target.search.startsWith('?') ? target.search : `?${target.search}`;
  const hash = !target.hash || target.hash === '#' ? '' : target.hash.startsWith('#') ? target.hash : `#${target.hash}`;
  return { pathname: resolved, search, hash };
}

export function useNavigate(): NavigateFunction {
  const { navigator, location } = useRouter('useNavigate');
  const active = useRef(false);
  useLayoutEffect(() => {
    active.current = true;
  });
  const { pathname } = location;
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      // React Router ignores a navigation asked for before the component's effects have run.
      if (!active.current) return;
      if (typeof to === 'number') navigator.go(to);
      else (options.replace ? navigator.replace : navigator.push)(resolveTo(to, pathname), options.state);
    },
    [navigator, pathname],
  ) as NavigateFunction;
}

export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }): null {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const path = JSON.stringify(resolveTo(to, pathname));
  useEffect(() => navigate(JSON.parse(path) as Path, { replace, state }), [navigate, path, replace, state]);
  return null;
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | string | Record<string, string> | ((prev: URLSearchParams) => URLSearchParams | string | Record<string, string>), options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams | string | Record<string, string> | ((prev: URLSearchParams) => URLSearchParams | string | Record<string, string>), options?: NavigateOptions) => {
      const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(params)) : next);
      navigate(`?${value}`, options);
    },
    [navigate, params],
  );
  return [params, set];
}

/** The element of the routes a location matches, each route's element holding the next as its <Outlet />. */
export function useRoutes(routes: RouteObject[]): ReactElement | null {
  const location = useLocation();
  const matches = matchRoutes(routes, location);
  if (!matches) return null;
  return matches.reduceRight<ReactElement | null>(
    // biome-ignore lint/correctness/useJsxKeyInIterable: nested, not a list: each route's element holds the next as its outlet
    (outlet, match, i) => <RouteContext.Provider value={{ outlet, matches: matches.slice(0, i + 1) }}>{match.route.element === undefined ? <Outlet /> : match.route.element}</RouteContext.Provider>,
    null,
  );
}

/** <Routes> with <Route> children (the web tests'). */
export function Routes({ children }: { children?: ReactNode }) {
  return useRoutes(routesFromChildren(children));
}
export function Route(_: RouteObject & { children?: ReactNode }): ReactElement | null {
  return null;
}
function routesFromChildren(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteObject & { children?: ReactNode }>(child)) return;
    const { path, index, caseSensitive, element, children: nested } = child.props;
    routes.push({ path, index, caseSensitive, element, children: nested ? routesFromChildren(nested) : undefined });
  });
  return routes;
}

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean; state?: unknown; ref?: Ref<HTMLAnchorElement> };

/** Where a link points: another origin's address stays a plain link, this origin's becomes a path. */
function useLinkTarget(to: To): { href: string; path: Path | null } {
  const { pathname } = useLocation();
  if (typeof to === 'string' && ABSOLUTE_URL.test(to)) {
    try {
      const url = new URL(to.startsWith('//') ? window.location.protocol + to : to);
      // React Router keeps the address as written in href, and moves within the app on a click.
      if (url.origin !== window.location.origin) return { href: to, path: null };
      return { href: to, path: { pathname: url.pathname, search: url.search, hash: url.hash } };
    } catch {
      return { href: to, path: null };
    }
  }
  const path = resolveTo(to, pathname);
  return { href: createPath(path), path };
}

export function Link({ to, replace, state, onClick, target, ref, ...rest }: LinkProps) {
  const { href, path } = useLinkTarget(to);
  const location = useLocation();
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!path || event.defaultPrevented || event.button !== 0 || (target && target !== '_self') || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(path, { replace: replace ?? createPath(location) === createPath(path), state });
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}

export function NavLink({
  className,
  style,
  children,
  end = false,
  caseSensitive = false,
  ...rest
}: Omit<LinkProps, 'className' | 'style' | 'children'> & {
  className?: string | ((state: { isActive: boolean; isPending: boolean; isTransitioning: boolean }) => string | undefined);
  style?: CSSProperties | ((state: { isActive: boolean; isPending: boolean; isTransitioning: boolean }) => CSSProperties | undefined);
  children?: ReactNode | ((state: { isActive: boolean; isPending: boolean; isTransitioning: boolean }) => ReactNode);
  end?: boolean;
  caseSensitive?: boolean;
}) {
  const { pathname: current } = useLocation();
  const { path } = useLinkTarget(rest.to);
  let here = current;
  let toPathname = path?.pathname ?? '';
  if (!caseSensitive) {
    here = here.toLowerCase();
    toPathname = toPathname.toLowerCase();
  }
  const endSlash = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive = path !== null && (here === toPathname || (!end && here.startsWith(toPathname) && here.charAt(endSlash) === '/'));
  const linkState = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(linkState) : [className, isActive ? 'active' : null].filter(Boolean).join(' ')}
      style={typeof style === 'function' ? style(linkState) : style}
    >
      {typeof children === 'function' ? children(linkState) : children}
    </Link>
  );
}
