#!/usr/bin/env node
// The `shopnews` command (package.json "bin"): the TypeScript CLI run through tsx's loader, the
// same program as `npm start --`.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
