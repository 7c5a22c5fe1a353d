import { describe, expect, it } from 'vitest';
import {
  chunkModules,
  clientModuleNames,
  judgePage,
  pageBudgets,
  scriptSources,
} from './first-load-js.mjs';

describe('first-load JavaScript budgets', () => {
  it('budgets the home page, a share page and the drive', () => {
    expect(pageBudgets.map(({ path, budget, target }) => [path, target ?? budget])).toEqual([
      ['/', 170],
      ['/s/budgetProbe', 200],
      ['/drive/all', 250],
    ]);
  });

  it('reads every script of the page once, noting the nomodule ones', () => {
    const html =
      '<script src="/_next/static/chunks/a.js" async=""></script>' +
      '<script nomodule="" src="/_next/static/chunks/polyfill.js"></script>' +
      '<script src="/_next/static/chunks/a.js"></script>' +
      '<script>self.__next_f.push([1])</script>' +
      '<script src="https://cdn.example/b.js?x=1&amp;y=2"></script>';
    expect(scriptSources(html, 'http://127.0.0.1:3000/s/abc')).toEqual([
      { src: 'http://127.0.0.1:3000/_next/static/chunks/a.js', noModule: false },
      { src: 'http://127.0.0.1:3000/_next/static/chunks/polyfill.js', noModule: true },
      { src: 'https://cdn.example/b.js?x=1&y=2', noModule: false },
    ]);
  });

  it('names a chunk by the client modules it defines', () => {
    const names = clientModuleNames([
      {
        clientModules: {
          '[project]/apps/web/src/features/drive/file-browser.tsx <module evaluation>': { id: 12 },
          '[project]/apps/web/src/features/drive/file-browser.tsx': { id: 12 },
          '[project]/node_modules/next-themes/dist/index.mjs': { id: 345 },
          '[project]/apps/web/src/features/layout/site-header.tsx': { id: 678 },
        },
      },
    ]);
    const chunk =
      '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([document.currentScript,' +
      '12,e=>{"use strict";var t=e.i(678)},99,345,(e,t,r)=>{r.x=1}]);';
    expect(chunkModules(chunk, names)).toEqual(['features/drive/file-browser.tsx', 'next-themes']);
  });

  it('passes a page within its budget and lists the chunks of one over it', () => {
    const page = { name: 'home', path: '/', budget: 1 };
    const script = (name: string, gzip: number, modules: string[] = []) => ({
      src: `http://127.0.0.1/_next/static/chunks/${name}.js`,
      noModule: false,
      gzip,
      modules,
    });
    const polyfill = { ...script('polyfill', 5000), noModule: true };
    expect(judgePage(page, [script('a', 600), polyfill])).toMatchObject({
      total: 600,
      over: false,
    });
    const verdict = judgePage(page, [script('a', 600), script('b', 900, ['zod']), polyfill]);
    expect(verdict.over).toBe(true);
    expect(verdict.total).toBe(1500);
    expect(judgePage({ ...page, target: 0.5 }, [script('a', 600)]).lines).toEqual([
      'ok   home /: 0.6 kB gzipped in 1 module scripts (budget 1 kB, target 0.5 kB)',
    ]);
    expect(verdict.lines).toEqual([
      'OVER home /: 1.5 kB gzipped in 2 module scripts (budget 1 kB)',
      '  over by 0.5 kB; the chunks, largest first:',
      '      0.9 kB  /_next/static/chunks/b.js  (zod)',
      '      0.6 kB  /_next/static/chunks/a.js',
    ]);
  });
});
