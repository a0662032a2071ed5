import { configure } from '@testing-library/react';

// Issue 38: the web tests' findBy* and waitFor wait for what a screen shows, not for a span of time.
// Testing Library gives up after 1 s by default, a span a loaded machine (jsdom rendering on a shared
// 2-core machine) can miss; 15 s only ends a failing test.
configure({ asyncUtilTimeout: 15_000 });
