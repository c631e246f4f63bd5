import type { Command } from 'commander';
import * as bloomInfo from './bloom-info';
import * as bloomTest from './bloom-test';
import * as crawl from './crawl';
import * as extract from './extract';
import * as worker from './worker';
import * as demoSite from './demo-site';
import * as schedule from './schedule';
import * as scheduler from './scheduler';
import * as supervise from './supervise';
import * as taskControl from './task-control';
import * as query from './query';
import * as exportCmd from './export';
import * as tasks from './tasks';
import * as verify from './verify';
import * as ui from './ui';

/** Every subcommand module registers itself on the program; one line each. */
export const commandModules: Array<{ register(program: Command): void }> = [
  bloomInfo,
  bloomTest,
  demoSite,
  crawl,
  extract,
  worker,
  schedule,
  scheduler,
  supervise,
  taskControl,
  query,
  exportCmd,
  tasks,
  verify,
  ui,
];
