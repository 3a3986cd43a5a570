import { TEAM_SCOPES, teamScopeQuerySchema } from "../organisations/contract.ts";
import { pageWithTermQuerySchema } from "../paging.ts";

export const SEARCH_SCOPES = TEAM_SCOPES;

/** GET /api/searches: a page of the history, the caller's own searches by default, ?scope=team for the whole team's. */
export const searchHistoryQuerySchema = pageWithTermQuerySchema.extend(teamScopeQuerySchema.shape);
