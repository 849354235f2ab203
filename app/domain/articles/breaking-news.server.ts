/**
 * What follows a story becoming Breaking News (the Breaking News flag on a published story, however
 * it got there: a save, a publish, the flag, the scheduler): readers' web push alerts (decision record 017)
 * and the newsletter's breaking-news e-mail (decision record 018), each sent once per story, in the
 * background after the write has been answered.
 */
import { config } from "#app/config.server";
import type { Db } from "#app/db/client.server";
import { breakingNewsEmailMayBeDue } from "#app/domain/newsletter/automatic-issues.server";
import { breakingNewsAlertMayBeDue } from "#app/domain/push/alerts.server";

export function breakingNewsMayHaveChanged(db: Db, articleId: string): void {
  void breakingNewsAlertMayBeDue(db, articleId);
  void breakingNewsEmailMayBeDue(db, articleId, config().smtpUrl);
}
