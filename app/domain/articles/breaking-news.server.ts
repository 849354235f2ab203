/**
 * What follows a story becoming Breaking News (the Breaking News flag on a published story, however
 * it got there: a save, a publish, the flag, the scheduler): readers' web push alerts (decision record 017)
 * and the newsletter's breaking-news e-mail (decision record 018), each sent once per story, in the
 * background after the write has been answered, through the process's services (app/services.server.ts).
 */
import type { Services } from "#app/services.server";
import { breakingNewsEmailMayBeDue } from "#app/domain/newsletter/automatic-issues.server";
import { breakingNewsAlertMayBeDue } from "#app/domain/push/alerts.server";

export function breakingNewsMayHaveChanged(services: Services, articleId: string): void {
  void breakingNewsAlertMayBeDue(services, articleId);
  void breakingNewsEmailMayBeDue(services, articleId);
}
