import type { ProviderErrorSpec, RecordedRequest } from './scenario.js';

/** OpenAI's error object, shared by chat completions, Responses and every OpenAI-compatible provider. */
export interface OpenAiErrorObject {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

const DEFAULTS: Record<number, Omit<OpenAiErrorObject, 'param'>> = {
  400: { type: 'invalid_request_error', code: null, message: 'Invalid request.' },
  401: {
    type: 'invalid_request_error',
    code: 'invalid_api_key',
    message:
      'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
  },
  403: {
    type: 'invalid_request_error',
    code: 'unsupported_country_region_territory',
    message: 'Country, region, or territory not supported',
  },
  404: {
    type: 'invalid_request_error',
    code: 'model_not_found',
    message: 'The model does not exist or you do not have access to it.',
  },
  429: {
    type: 'requests',
    code: 'rate_limit_exceeded',
    message: 'Rate limit reached for requests. Please try again in 20ms.',
  },
  500: {
    type: 'server_error',
    code: null,
    message: 'The server had an error while processing your request. Sorry about that!',
  },
  503: {
    type: 'server_error',
    code: null,
    message: 'The engine is currently overloaded, please try again later',
  },
};

export function openAiErrorObject(
  spec: Omit<ProviderErrorSpec, 'status' | 'body'>,
  status: number,
): OpenAiErrorObject {
  const fallback = DEFAULTS[status] ?? (status >= 500 ? DEFAULTS[500] : DEFAULTS[400]);
  return {
    message: spec.message ?? fallback?.message ?? 'Error',
    type: spec.type ?? fallback?.type ?? 'invalid_request_error',
    param: spec.param ?? null,
    code: spec.code === undefined ? (fallback?.code ?? null) : spec.code,
  };
}

export function openAiErrorBody(spec: ProviderErrorSpec): unknown {
  return spec.body ?? { error: openAiErrorObject(spec, spec.status) };
}

/** Rejections OpenAI gives before generating: missing key, unparseable JSON, missing required fields. */
export function rejectOpenAiRequest(
  request: RecordedRequest,
  requiredFields: readonly string[],
): ProviderErrorSpec | undefined {
  const authorization = request.headers.authorization ?? '';
  if (!/^Bearer\s+\S+/i.test(authorization)) {
    return {
      status: 401,
      code: null,
      message:
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
    };
  }
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      status: 400,
      message:
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
    };
  }
  const missing = requiredFields.find((field) => !(field in body));
  if (missing)
    return {
      status: 400,
      code: 'missing_required_parameter',
      param: missing,
      message: `Missing required parameter: '${missing}'.`,
    };
  return undefined;
}
