// The article's JSON manifest, as its ```json block shows it.
let json = """
  {"services": [{"name": "PushService", "priority": 20},
                {"name": "MyApp.LogService", "enabled": false}]}
  """
