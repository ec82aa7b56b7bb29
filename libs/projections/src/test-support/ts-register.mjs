// `node --import <this file> script.ts`: installs ts-hooks.mjs (see there).
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
