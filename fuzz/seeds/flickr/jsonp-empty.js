jsonFlickrApi({"photos":{"page":1,"pages":1,"perpage":250,"total":0,"photo":[]},"stat":"ok"})
