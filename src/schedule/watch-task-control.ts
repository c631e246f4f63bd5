import type { Repository, TaskStatus } from '../../storage/repository';

export interface TaskControlHandlers {
  /** `task pause` was given: stop taking new pages (pages in flight may finish). */
  onPause?(): unknown;
  /** `task resume` after a pause: take pages again. */
  onResume?(): unknown;
  /** `task stop`: stop like Ctrl-C, saving state so `--resume` continues later. Called once. */
  onStop?(): unknown;
  /** A poll failed (storage unreachable …); polling goes on. Default: ignored. */
  onError?(err: unknown): void;
}

export interface TaskControlWatch {
  /** Ends the polling (call when the run ends). */
  stop(): void;
  /** Whether the task is paused, as last seen. */
  readonly paused: boolean;
}

/**
 * How a running crawl obeys `task pause|resume|stop <name>`: those commands only change the
 * task's status in storage (they may run on another machine), and every process crawling the
 * task polls that status every `intervalMs` (default 1000 ms) and calls the matching handler
 * on a change. A task already paused when polling starts is reported paused at once.
 */
export function watchTaskControl(
  repo: Pick<Repository, 'getTaskByName'>,
  taskName: string,
  handlers: TaskControlHandlers,
  intervalMs = 1000,
): TaskControlWatch {
  let paused = false;
  let ended = false;
  let timer: NodeJS.Timeout | null = null;

  const apply = async (status: TaskStatus) => {
    if (status === 'stopped') {
      ended = true;
      await handlers.onStop?.();
    } else if (status === 'paused' && !paused) {
      paused = true;
      await handlers.onPause?.();
    } else if (status === 'running' && paused) {
      paused = false;
      await handlers.onResume?.();
    }
  };
  const poll = async () => {
    try {
      const task = await repo.getTaskByName(taskName);
      if (task && !ended) await apply(task.status);
    } catch (err) {
      handlers.onError?.(err);
    }
    if (!ended) {
      timer = setTimeout(() => void poll(), intervalMs);
      timer.unref();
    }
  };
  void poll();
  return {
    stop: () => {
      ended = true;
      if (timer) clearTimeout(timer);
    },
    get paused() {
      return paused;
    },
  };
}
