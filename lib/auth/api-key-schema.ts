/** POST /api/user/api-keys. Only zod and the shared text rule are imported: the web bundle includes this file. */
import { z } from "zod";
import { text } from "../validation/text.ts";

export const createApiKeySchema = z.object({
  name: text({
    field: "Name",
    max: 100,
    required: "Please enter a name for your API key.",
    tooLong: "The name can have at most 100 characters.",
  }).min(1, "Please enter a name for your API key."),
});
