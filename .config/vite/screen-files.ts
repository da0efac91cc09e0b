// Lists, in index.html, the files of every screen's code by route path, so a first visit to a game
// page, a profile or browse downloads its screen beside the app's code instead of after it; boot.ts
// preloads those of the screen the address opens on (src/app/screen-files.ts). The screens' table
// (SCREEN_CODE in src/app/screens.ts) is read with the TypeScript compiler at build time, following
// each entry to the import()s it reaches, so a new screen is listed without touching this file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin, Rollup } from 'vite';
import { SCREEN_FILES_ID } from '../../src/core/screen-files.ts';
import { chunkFiles } from './chunk-files.ts';

/**
 * The modules a screen's code imports (src/app/screens.ts, SCREEN_CODE), by route path: its own and
 * those of what its entry goes through (its first read's code, the covers'), found by following every
 * name the entry uses to where it is declared, in screens.ts or in a module it imports.
 */
function screenModules(screensFile: string): Map<string, Set<string>> {
  const parsed = new Map<string, ts.SourceFile>();
  const source = (file: string) => {
    let sf = parsed.get(file);
    if (!sf) {
      sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      parsed.set(file, sf);
    }
    return sf;
  };
  /** A top-level name of `file`: its declaration there, or where a relative import brings it from. */
  const declaration = (file: string, name: string): { file: string; node: ts.Node } | null => {
    for (const statement of source(file).statements) {
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) {
          if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return { file, node: d.initializer };
        }
      } else if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) {
        return { file, node: statement };
      } else if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        const from = statement.moduleSpecifier.text;
        const bindings = statement.importClause?.namedBindings;
        if (!from.startsWith('.') || statement.importClause?.isTypeOnly || !bindings || !ts.isNamedImports(bindings)) {
          continue;
        }
        const binding = bindings.elements.find((e) => e.name.text === name && !e.isTypeOnly);
        if (binding)
          return declaration(path.resolve(path.dirname(file), from), (binding.propertyName ?? binding.name).text);
      }
    }
    return null;
  };
  const modulesOf = (file: string, node: ts.Node, found: Set<string>, seen: Set<ts.Node>) => {
    if (seen.has(node)) return;
    seen.add(node);
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [specifier] = n.arguments;
        if (specifier && ts.isStringLiteral(specifier)) found.add(path.resolve(path.dirname(file), specifier.text));
      } else if (ts.isIdentifier(n)) {
        const declared = declaration(file, n.text);
        if (declared) modulesOf(declared.file, declared.node, found, seen);
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
  };
  const table = declaration(screensFile, 'SCREEN_CODE');
  const object = table && ts.isSatisfiesExpression(table.node) ? table.node.expression : (table?.node ?? null);
  if (!object || !ts.isObjectLiteralExpression(object)) {
    throw new Error(`checkpoint:screen-files: no SCREEN_CODE object in ${screensFile}`);
  }
  const screens = new Map<string, Set<string>>();
  for (const property of object.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const route = ts.isStringLiteral(property.name) || ts.isIdentifier(property.name) ? property.name.text : null;
    if (route === null) continue;
    const found = new Set<string>();
    modulesOf(screensFile, property.initializer, found, new Set());
    if (found.size === 0) throw new Error(`checkpoint:screen-files: no import() for the screen '${route}'`);
    screens.set(route, found);
  }
  return screens;
}

/**
 * A first visit to a game page, a profile or browse downloads that screen's code beside the app's,
 * not once boot.ts has evaluated React, the router and Dexie and asked for it: index.html lists the
 * files of every screen's code (the chunk, what it imports, its stylesheets) by route path, and
 * boot.ts preloads those of the screen the address opens on (src/app/screen-files.ts). On a
 * phone four times slower than a laptop those libraries take most of a second to evaluate, and the
 * screen's download came after them, holding back the screen's largest paint (Lighthouse's LCP).
 */
export function listScreenFiles(screensFile = 'src/app/screens.ts'): Plugin {
  return {
    name: 'checkpoint:screen-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((out): out is Rollup.OutputChunk => out.type === 'chunk');
        // The chunk an import() of `module` is answered by: the one it is the facade of, else the one holding it.
        const chunkOf = (module: string) =>
          chunks.find((chunk) => chunk.facadeModuleId === module) ??
          chunks.find((chunk) => chunk.moduleIds.includes(module));
        const listed = (file: string) => html.includes(`/${file}"`);
        const files: Record<string, string[]> = {};
        for (const [route, modules] of screenModules(path.resolve(screensFile))) {
          const { scripts, styles, visit } = chunkFiles(bundle);
          for (const module of modules) {
            const chunk = chunkOf(module);
            if (!chunk) throw new Error(`checkpoint:screen-files: no chunk for ${module} (the screen '${route}')`);
            visit(chunk.fileName);
          }
          files[route] = [...styles, ...scripts].filter((file) => !listed(file)).map((file) => `/${file}`);
        }
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: SCREEN_FILES_ID },
            children: JSON.stringify(files),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
