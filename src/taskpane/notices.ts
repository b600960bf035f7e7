/**
 * What the ribbon commands tell the person, handed to the pane. Excel has no notification API
 * for add-ins (`Office.context.mailbox` notifications are Outlook's), so a command's outcome is
 * posted here and the pane shows it in its message area when it is (or next is) open; a command
 * that needs a decision also opens the pane (`Office.addin.showAsTaskpane`, SharedRuntime 1.1).
 * Commands and pane share one JavaScript context in the shared runtime, hence one channel.
 */
import type { MessageIntent } from "../ui/errors/messageFor";

export interface Notice {
  intent: MessageIntent | "success";
  title: string;
  body: string;
  /** The next step, when there is one. */
  next?: string | undefined;
  /** The server's message and request id, as `messageFor` gives them (support needs them). */
  details?: string[] | undefined;
}

export type NoticeListener = (notice: Notice | undefined) => void;

export class NoticeChannel {
  private current: Notice | undefined;
  private readonly listeners = new Set<NoticeListener>();

  /** The last notice not yet dismissed (shown when the pane opens after the command ran). */
  latest(): Notice | undefined {
    return this.current;
  }

  post(notice: Notice): void {
    this.current = notice;
    this.emit();
  }

  dismiss(): void {
    this.current = undefined;
    this.emit();
  }

  subscribe(listener: NoticeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    for (const listener of this.listeners) {
      try {
        listener(this.current);
      } catch {
        // A listener's failure must not stop the others nor reach the command that posted.
      }
    }
  }
}
