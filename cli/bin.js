#!/usr/bin/env node
// Launcher for the `engiai` command: runs cli/engiai.ts from its cached bundle (tools/launch.js).
import { launch } from '../tools/launch.js';

await launch(new URL('./engiai.ts', import.meta.url));
