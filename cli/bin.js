#!/usr/bin/env node
// Launcher for the `engiai` command: registers the TypeScript loader, then loads the CLI.
import { register } from 'tsx/esm/api';

register();
await import('./engiai.ts');
